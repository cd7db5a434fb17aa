#include <gtest/gtest.h>

#include "../test_support.hpp"
#include "ripple/fluid/liquid_regions.hpp"
#include "ripple/sim/world_setup.hpp"

using namespace ripple;

namespace {
// Two separate boxes moving in opposite directions.
nlohmann::json two_regions(const std::string& representation) {
  auto j = test::small_scene();
  j["fluid"]["representation"] = representation;
  j["fluid"]["regions"] = nlohmann::json::parse(R"([
    {"type": "box", "min": [0, 0, 0], "max": [0.1, 0.1, 0.1], "velocity": [1, 0, 0]},
    {"type": "box", "min": [0.25, 0, 0], "max": [0.4, 0.1, 0.1], "velocity": [-2, 0, 0]}])");
  return j;
}
}  // namespace

TEST(LiquidRegions, EachPointBelongsToItsOwnRegion) {
  const Scene s = test::scene_from(two_regions("apic"));
  const LiquidRegions r(s);
  EXPECT_EQ(r.region_at(Vec3(0.05, 0.05, 0.05)), 0u);
  EXPECT_EQ(r.region_at(Vec3(0.3, 0.05, 0.05)), 1u);
  EXPECT_LT(r.signed_distance(Vec3(0.3, 0.05, 0.05)), 0.0);
  EXPECT_GT(r.signed_distance(Vec3(0.18, 0.05, 0.05)), 0.0);
  // The box touching the x_max, y_min and z walls is not bounded by them: its distance at a
  // point near the wall is to the top face (0.1 - y), not to the wall.
  EXPECT_NEAR(r.signed_distance(Vec3(0.395, 0.08, 0.05)), -0.02, 1e-12);
}

TEST(LiquidRegions, LevelSetInitialVelocityComesFromTheRightRegion) {
  const Scene s = test::scene_from(two_regions("levelset"));
  World w(s);
  initialise_world(w);
  const GridGeometry& g = s.grid;
  const Vec3i in_second = ((Vec3(0.33, 0.05, 0.05) - g.origin) / g.dx).cast<int>();
  const Vec3i in_first = ((Vec3(0.05, 0.05, 0.05) - g.origin) / g.dx).cast<int>();
  EXPECT_DOUBLE_EQ(w.liquid.velocity.u[0](in_second.x(), in_second.y(), in_second.z()), -2.0);
  EXPECT_DOUBLE_EQ(w.liquid.velocity.u[0](in_first.x(), in_first.y(), in_first.z()), 1.0);
}

TEST(LiquidRegions, SeededParticlesCarryTheirRegionsVelocity) {
  const Scene s = test::scene_from(two_regions("apic"));
  World w(s);
  initialise_world(w);
  ASSERT_GT(w.liquid.particles.size(), 0u);
  for (size_t q = 0; q < w.liquid.particles.size(); ++q)
    EXPECT_FLOAT_EQ(w.liquid.particles.v[q].x(), w.liquid.particles.x[q].x() < 0.2f ? 1.0f : -2.0f);
}
