// The liquid's energies in stats.jsonl, read from the written surface: gravity's potential
// energy from the enclosed volume's first moment, surface energy from the area off the walls.
#include <gtest/gtest.h>

#include <cmath>

#include "../test_support.hpp"
#include "ripple/sim/frame_output.hpp"
#include "ripple/sim/world_setup.hpp"

namespace ripple {
namespace {

LiquidMeasures measure_start(const nlohmann::json& j) {
  const Scene s = test::scene_from(j);
  World w(s);
  initialise_world(w);
  return measure_liquid(w);
}

TEST(LiquidEnergies, ATankHasItsHydrostaticEnergyAndOnlyItsTopAsSurface) {
  // 0.4 x 0.1 m of floor filled 0.2 m deep, touching four walls; with 0.025 m cells the
  // surface lies midway between cell centres, where the mesher's linear crossing is exact.
  auto j = test::small_scene();
  j["fluid"]["representation"] = "levelset";
  j["fluid"]["surface_tension"] = 0.0728;  // N/m
  j["fluid"]["regions"][0] = {{"type", "box"}, {"min", {0, 0, 0}}, {"max", {0.4, 0.2, 0.1}}};
  const LiquidMeasures m = measure_start(j);
  const double area = 0.4 * 0.1, depth = 0.2;
  EXPECT_NEAR(m.potential_energy, 1000 * 9.81 * area * depth * depth / 2, 0.02 * 1000 * 9.81 * area * depth * depth / 2);
  EXPECT_NEAR(m.surface_energy, 0.0728 * area, 0.01 * 0.0728 * area);  // the walls' caps left out
}

TEST(LiquidEnergies, ADropHasGammaTimesItsSphere) {
  auto j = test::small_scene();
  j["fluid"]["representation"] = "levelset";
  j["fluid"]["surface_tension"] = 0.0728;  // N/m
  const double R = 0.06, y = 0.15;  // m: 6 cells of radius
  j["fluid"]["regions"][0] = {{"type", "sphere"}, {"center", {0.2, y, 0.15}}, {"radius", R}};
  j["domain"] = {{"min", {0, 0, 0}}, {"max", {0.4, 0.3, 0.3}}, {"dx", 0.01}};
  const LiquidMeasures m = measure_start(j);
  const double volume = 4.0 / 3.0 * M_PI * R * R * R;
  EXPECT_NEAR(m.surface_energy, 0.0728 * 4 * M_PI * R * R, 0.03 * 0.0728 * 4 * M_PI * R * R);
  EXPECT_NEAR(m.potential_energy, 1000 * 9.81 * volume * y, 0.03 * 1000 * 9.81 * volume * y);
}

}  // namespace
}  // namespace ripple
