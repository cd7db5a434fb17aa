// Each coupling method's capabilities live in one table (coupling/coupler_factory.cpp): a scene
// asking a method for what it cannot couple is refused (exit 2) naming the key, the method and
// the methods that can; docs/methods.md is that table.
#include <gtest/gtest.h>

#include "../test_support.hpp"
#include "ripple/coupling/coupler_factory.hpp"

using namespace ripple;
using nlohmann::json;

namespace {

json with_solid(const std::string& method, const json& solid) {
  json j = test::small_scene();
  j["coupling"]["method"] = method;
  j["solids"] = json::array({solid});
  return j;
}

const json kSheet = json::parse(R"({"type": "shell", "name": "sheet", "geometry": {"type": "grid",
    "center": [0.3, 0.2, 0.05], "width": 0.05, "depth": 0.05, "resolution": 4}})");
const json kHair = json::parse(R"({"type": "rod", "name": "hair", "geometry": {"type": "polyline",
    "points": [[0.25, 0.2, 0.05], [0.35, 0.2, 0.05]], "segments": 8}})");

}  // namespace

TEST(CouplingCapabilities, DocsAreInStepWithTheTable) {
  const std::string doc = test::read_text(std::string(RIPPLE_SOURCE_DIR) + "/docs/methods.md");
  EXPECT_EQ(doc, coupling_methods_markdown())
      << "docs/methods.md is stale: regenerate with `build/ripple methods > docs/methods.md`";
}

TEST(CouplingCapabilities, ASolidAMethodCannotCoupleIsRefusedNamingTheMethodsThatCan) {
  const std::string shell = test::input_error_of(with_solid("cutcell", kSheet));
  EXPECT_NE(shell.find("/solids/0/type: coupling.method \"cutcell\" couples volumes and rigid bodies; solid \"sheet\" "
                       "is a shell, which \"barrier\" and \"slip\" couple"),
            std::string::npos)
      << shell;
  const std::string rod = test::input_error_of(with_solid("slip", kHair));
  EXPECT_NE(rod.find("/solids/0/type: coupling.method \"slip\" couples shells, volumes and rigid bodies; solid \"hair\" "
                     "is a rod, which only \"barrier\" couples"),
            std::string::npos)
      << rod;
  EXPECT_NE(test::input_error_of(with_solid("membrane", kSheet)).find("is a shell"), std::string::npos);
  EXPECT_EQ(test::input_error_of(with_solid("barrier", kHair)).find("/type"), std::string::npos)
      << "barrier couples rods";
  EXPECT_EQ(test::input_error_of(with_solid("none", kHair)), "") << "none moves every solid on its own";
}

TEST(CouplingCapabilities, ALiquidIsConvertedToTheMethodsRepresentationAndAGasRefused) {
  // A liquid starts from its regions whatever carries it, so particles and a level set convert
  // exactly at the start; the run says so.
  json j = test::small_scene();
  j["coupling"]["method"] = "barrier";
  j["fluid"]["representation"] = "apic";
  const Scene barrier = test::scene_from(j);
  EXPECT_EQ(barrier.fluid.representation, LiquidRepresentation::LevelSet);
  EXPECT_EQ(barrier.resolved["fluid"]["representation"], "levelset");
  ASSERT_EQ(barrier.notices.size(), 1u);
  EXPECT_NE(barrier.notices[0].find("fluid.representation \"apic\" runs as \"levelset\" under coupling.method "
                                    "\"barrier\""),
            std::string::npos)
      << barrier.notices[0];
  j["coupling"]["method"] = "monolith";
  j["fluid"]["representation"] = "levelset";
  EXPECT_EQ(test::scene_from(j).fluid.representation, LiquidRepresentation::Apic);
  j["fluid"]["representation"] = "flip";
  EXPECT_EQ(test::scene_from(j).fluid.representation, LiquidRepresentation::Flip) << "flip runs as it is";
  EXPECT_TRUE(test::scene_from(j).notices.empty());
  // A gas is no liquid: refused where it cannot run.
  json gas = json::parse(R"({"domain": {"min": [0, 0, 0], "max": [0.2, 0.2, 0.2], "dx": 0.02,
      "boundary": {"y_max": "open"}}, "fluid": {"representation": "gas", "density": 1.2,
      "gas": {"sources": [{"type": "sphere", "center": [0.1, 0.06, 0.1], "radius": 0.03, "smoke": 1.0}]}},
      "coupling": {"method": "cutcell"}})");
  const std::string e = test::input_error_of(gas);
  EXPECT_NE(e.find("/fluid/representation: coupling.method \"cutcell\" runs fluid.representation apic, flip and "
                   "levelset, not \"gas\"; methods that run \"gas\": \"none\" and \"slip\""),
            std::string::npos)
      << e;
}

TEST(CouplingCapabilities, TheCommandLineRefusesWithExitTwo) {
  const auto dir = test::temp_dir("capabilities");
  const std::string scene = test::write_text(dir / "sheet.json", with_solid("cutcell", kSheet).dump());
  EXPECT_EQ(test::run_ripple("validate " + scene, (dir / "validate.log").string()), 2);
  EXPECT_NE(test::read_text(dir / "validate.log").find("which \"barrier\" and \"slip\" couple"), std::string::npos)
      << test::read_text(dir / "validate.log");
  EXPECT_EQ(test::run_ripple("methods", (dir / "methods.log").string()), 0);
  EXPECT_EQ(test::read_text(dir / "methods.log"), coupling_methods_markdown());
}
