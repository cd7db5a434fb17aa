// The solids' start checks: a fine shell whose own neighbours lie closer than contact.dhat is
// reported (the barrier would push them apart from the first step), and not when dhat is
// below the gap; two solids touching to round-off are reported.
#include <gtest/gtest.h>

#include "../test_support.hpp"
#include "ripple/world/solid_world.hpp"

namespace ripple {
namespace {

nlohmann::json fine_band(double dhat) {
  auto j = test::small_scene();
  j["domain"] = {{"min", {0, 0, 0}}, {"max", {0.08, 0.08, 0.04}}, {"dx", 0.004}};
  j["fluid"]["regions"] = nlohmann::json::array();
  // 70 x 8 mm, 1.4 mm between vertices, 0.5 mm thick: flat neighbours two edges apart have
  // gaps of about 0.5 mm.
  j["solids"] = {{{"type", "shell"},
                  {"name", "band"},
                  {"geometry", {{"type", "grid"}, {"center", {0.04, 0.04, 0.02}}, {"width", 0.07}, {"depth", 0.008},
                                {"resolution", 50}}},
                  {"thickness", 5e-4}}};
  j["contact"] = {{"dhat", dhat}};
  return j;
}

TEST(SolidWorld, FineShellWithinDhatOfItselfIsReported) {
  const Scene s = test::scene_from(fine_band(1e-3));
  const auto w = build_solid_world(s);
  const auto warnings = rest_contact_warnings(w->model, w->model.positions(w->state.z), s.contact_dhat);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("solid \"band\""), std::string::npos) << warnings[0];
  EXPECT_NE(warnings[0].find("contact.dhat"), std::string::npos) << warnings[0];
}

TEST(SolidWorld, FineShellBelowDhatIsQuiet) {
  const Scene s = test::scene_from(fine_band(2e-4));
  const auto w = build_solid_world(s);
  EXPECT_TRUE(rest_contact_warnings(w->model, w->model.positions(w->state.z), s.contact_dhat).empty());
}

// A ball whose top vertex lies on the ceiling (0.26 + 0.04 = the domain's top) is let through by
// the start check (its gap is positive, round-off) but named: the barrier and friction at such
// a gap held it against the ceiling for the first substeps of the coupled solve.
TEST(SolidWorld, ASolidTouchingAWallToRoundOffIsReported) {
  auto j = test::small_scene();
  j["domain"] = {{"min", {0, 0, 0}}, {"max", {0.3, 0.3, 0.3}}, {"dx", 0.0125}};
  j["fluid"]["regions"] = nlohmann::json::array();
  j["solids"] = {{{"type", "rigid"},
                  {"name", "ball"},
                  {"density", 2000},
                  {"geometry", {{"type", "sphere"}, {"center", {0.15, 0.26, 0.15}}, {"radius", 0.04}}}}};
  const Scene s = test::scene_from(j);
  const auto w = build_solid_world(s);
  const auto warnings = rest_contact_warnings(w->model, w->model.positions(w->state.z), s.contact_dhat);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("\"ball\""), std::string::npos) << warnings[0];
  EXPECT_NE(warnings[0].find("start touching"), std::string::npos) << warnings[0];
  // A centimetre lower it is quiet.
  j["solids"][0]["geometry"]["center"] = {0.15, 0.25, 0.15};
  const Scene lower = test::scene_from(j);
  const auto lw = build_solid_world(lower);
  EXPECT_TRUE(rest_contact_warnings(lw->model, lw->model.positions(lw->state.z), lower.contact_dhat).empty());
}

}  // namespace
}  // namespace ripple
