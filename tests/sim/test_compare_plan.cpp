// Which methods `ripple compare` runs: those that can couple the scene; a named one that cannot
// is refused with its reason, as `ripple run` refuses it.
#include <gtest/gtest.h>

#include "../test_support.hpp"
#include "ripple/sim/compare_plan.hpp"

using namespace ripple;

namespace {

std::string scene_with(const std::filesystem::path& dir, const nlohmann::json& solid) {
  nlohmann::json j = test::small_scene();
  j["solids"] = nlohmann::json::array({solid});
  return test::write_text(dir / "s.json", j.dump());
}

const nlohmann::json kSheet = {{"type", "shell"}, {"name", "sheet"}, {"density", 200}, {"thickness", 0.001},
                               {"young", 1e5}, {"poisson", 0.3},
                               {"geometry", {{"type", "grid"}, {"center", {0.3, 0.25, 0.05}}, {"width", 0.08},
                                             {"depth", 0.06}, {"resolution", 4}}}};
const nlohmann::json kBeam = {{"type", "volume"}, {"name", "beam"}, {"density", 800}, {"young", 1e5},
                              {"poisson", 0.3},
                              {"geometry", {{"type", "box"}, {"min", {0.3, 0.05, 0.02}}, {"max", {0.34, 0.2, 0.08}},
                                            {"resolution", 4}}}};

std::string refusal(const std::string& scene, const std::vector<std::string>& methods) {
  try {
    plan_compare(scene, {}, methods, 2);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(ComparePlan, AShellSceneRunsUnderBarrierAndSlipOnly) {
  const auto dir = test::temp_dir("compare_plan_shell");
  const std::vector<CompareCandidate> plan = plan_compare(scene_with(dir, kSheet), {}, {}, 2);
  std::vector<std::string> runnable;
  for (const CompareCandidate& c : plan) {
    if (c.runnable) {
      runnable.push_back(c.method);
      EXPECT_EQ(c.last_frame, 2);
      EXPECT_EQ(c.overrides.back().first, "/coupling/method");
    } else {
      EXPECT_NE(c.reason.find("solid \"sheet\" is a shell"), std::string::npos) << c.method << ": " << c.reason;
    }
  }
  EXPECT_EQ(runnable, (std::vector<std::string>{"barrier", "slip"}));
  // Named, a method that cannot couple the sheet is refused, naming the methods that can.
  const std::string why = refusal(scene_with(dir, kSheet), {"cutcell"});
  EXPECT_NE(why.find("--methods cutcell"), std::string::npos) << why;
  EXPECT_NE(why.find("\"sheet\" is a shell"), std::string::npos) << why;
  EXPECT_NE(why.find("barrier"), std::string::npos) << why;
}

TEST(ComparePlan, AVolumeUnderMembraneIsRefusedWithItsReason) {
  const auto dir = test::temp_dir("compare_plan_volume");
  const std::string why = refusal(scene_with(dir, kBeam), {"cutcell", "membrane"});
  EXPECT_NE(why.find("--methods membrane"), std::string::npos) << why;
  EXPECT_NE(why.find("\"beam\" is a volume"), std::string::npos) << why;
}

TEST(ComparePlan, RefusesUnknownOrRepeatedMethodsAndASetOfTheMethod) {
  const auto dir = test::temp_dir("compare_plan_names");
  const std::string scene = test::write_text(dir / "s.json", test::small_scene().dump());
  EXPECT_NE(refusal(scene, {"cutcel"}).find("no such coupling method"), std::string::npos);
  EXPECT_NE(refusal(scene, {"slip", "slip"}).find("named twice"), std::string::npos);
  try {
    plan_compare(scene, {{"/coupling/method", "\"slip\""}}, {}, 2);
    ADD_FAILURE() << "a --set of the method was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("--methods"), std::string::npos) << e.what();
  }
  // The liquid alone: every method but `none` runs it, the conversions announced.
  const std::vector<CompareCandidate> plan = plan_compare(scene, {}, {}, -1);
  ASSERT_EQ(plan.size(), 5u);
  for (const CompareCandidate& c : plan) {
    EXPECT_TRUE(c.runnable) << c.method << ": " << c.reason;
    EXPECT_EQ(c.last_frame, 3);  // 0.1 s at 30 fps
    if (c.method == "barrier") {
      EXPECT_FALSE(c.notices.empty());
    }
  }
}

TEST(ComparePlan, AMethodThatRefusesTheStartIsLeftOutWithItsReason) {
  const auto dir = test::temp_dir("compare_plan_start");
  // A box inside the liquid: barrier needs every solid to start outside it.
  const nlohmann::json box = {{"type", "rigid"}, {"name", "box"}, {"density", 500},
                              {"geometry", {{"type", "box"}, {"min", {0.02, 0.02, 0.02}}, {"max", {0.08, 0.08, 0.08}}}}};
  const std::vector<CompareCandidate> plan = plan_compare(scene_with(dir, box), {}, {}, 2);
  for (const CompareCandidate& c : plan) {
    if (c.method == "barrier") {
      EXPECT_FALSE(c.runnable);
      EXPECT_NE(c.reason.find("starts with"), std::string::npos) << c.reason;
    }
    if (c.method == "cutcell") {
      EXPECT_TRUE(c.runnable) << c.reason;
      EXPECT_EQ(c.resolved["coupling"]["method"], "cutcell");
    }
  }
}
