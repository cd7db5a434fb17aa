// coupling.monolith refuses what it cannot couple (exit 2, naming the key) and stops a run whose
// solve does not converge (SimulationError: exit 3, the frames before it kept).
#include <gtest/gtest.h>

#include "../../stepping.hpp"
#include "../../test_support.hpp"
#include "ripple/core/errors.hpp"
#include "ripple/coupling/monolith/monolith_settings.hpp"

namespace ripple {
namespace {

nlohmann::json monolith_scene() {
  nlohmann::json j = test::small_scene();
  j["coupling"]["method"] = "monolith";
  j["solids"] = nlohmann::json::parse(R"([{"type": "rigid", "name": "block", "density": 2000,
      "geometry": {"type": "box", "min": [0.16, 0.22, 0.02], "max": [0.22, 0.28, 0.08]}}])");
  return j;
}

TEST(MonolithSettings, ScenesItCannotCoupleAreRefusedNamingTheKey) {
  EXPECT_EQ(test::input_error_of(monolith_scene()), "");
  nlohmann::json j = monolith_scene();
  j["solids"][0] = nlohmann::json::parse(R"({"type": "shell", "name": "cloth",
      "geometry": {"type": "grid", "center": [0.1, 0.25, 0.05], "width": 0.08, "depth": 0.06, "resolution": 4}})");
  EXPECT_NE(test::input_error_of(j).find("/solids/0/type"), std::string::npos) << test::input_error_of(j);
  j = monolith_scene();
  j["solids"][0]["motion"] = "kinematic";
  EXPECT_NE(test::input_error_of(j).find("/solids/0/motion"), std::string::npos) << test::input_error_of(j);
  j = monolith_scene();
  j["fluid"]["representation"] = "levelset";
  EXPECT_EQ(test::input_error_of(j), "") << "a level set runs as APIC particles";
  j["fluid"]["representation"] = "gas";
  EXPECT_NE(test::input_error_of(j).find("/fluid/representation"), std::string::npos) << test::input_error_of(j);
  j = monolith_scene();
  j["coupling"]["monolith"]["max_iterations"] = 0;
  EXPECT_NE(test::input_error_of(j).find("/coupling/monolith/max_iterations"), std::string::npos)
      << test::input_error_of(j);
  j = monolith_scene();
  j["coupling"]["monolith"]["preconditioner"] = "ilu";  // no such solver
  EXPECT_NE(test::input_error_of(j).find("/coupling/monolith/preconditioner"), std::string::npos)
      << test::input_error_of(j);
  j = monolith_scene();
  j["coupling"]["monolith"]["elastic_split"] = "cholesky";  // not one of Table 1's schemes
  EXPECT_NE(test::input_error_of(j).find("/coupling/monolith/elastic_split"), std::string::npos)
      << test::input_error_of(j);
  j = monolith_scene();
  j["coupling"]["monolith"]["elastic_split"] = "natural";
  EXPECT_EQ(test::input_error_of(j), "");
  EXPECT_EQ(monolith_settings(test::scene_from(j)).elastic_split, ElasticSplit::natural);
  j = monolith_scene();
  j["coupling"]["monolith"]["pyramid"] = true;  // no such option
  EXPECT_NE(test::input_error_of(j).find("/coupling/monolith"), std::string::npos) << test::input_error_of(j);
}

TEST(MonolithSettings, ASolveThatDoesNotConvergeStopsTheRun) {
  nlohmann::json j = monolith_scene();
  j["coupling"]["monolith"]["max_iterations"] = 2;
  j["output"]["preview"]["enabled"] = false;
  const Scene s = test::scene_from(j);
  World w(s);
  std::unique_ptr<Coupler> coupler = initialise_world(w);
  try {
    test::run_for(w, *coupler, 0.05);
    ADD_FAILURE() << "the capped solve did not stop the run";
  } catch (const SimulationError& e) {
    EXPECT_NE(std::string(e.what()).find("coupling.monolith.max_iterations"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace ripple
