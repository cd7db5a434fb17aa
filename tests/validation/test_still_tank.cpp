// Still tank (validation-data.md section 2): with a ghost-fluid free surface the hydrostatic
// state is a discrete equilibrium. After 2 s the liquid must stay still and keep its volume.
#include <gtest/gtest.h>

#include "../test_support.hpp"
#include "../stepping.hpp"
#include "ripple/sim/frame_output.hpp"

using namespace ripple;

namespace {
void run_still_tank(const std::string& representation, double* max_speed, double* volume_change, double* p_error) {
  auto j = test::small_scene();
  j["domain"] = nlohmann::json::parse(R"({"min": [0, 0, 0], "max": [0.4, 0.3, 0.2], "resolution": 20})");
  j["fluid"]["representation"] = representation;
  j["fluid"]["regions"][0] = nlohmann::json::parse(R"({"type": "box", "min": [0, 0, 0], "max": [0.4, 0.151, 0.2]})");
  const Scene s = test::scene_from(j);
  World w(s);
  initialise_world(w);
  const double v0 = measure_liquid(w).volume;
  PhaseTimings t;
  while (w.time < 2.0 - 1e-9) test::step(w, std::min(test::stable_dt(w), 2.0 - w.time), t);
  LiquidMeasures m = measure_liquid(w);
  *max_speed = m.max_speed;
  *volume_change = std::abs(m.volume - v0) / v0;
  // Pressure at the bottom cell centre against rho g (h - y).
  const double y = s.grid.cell_center(10, 0, 5).y();
  *p_error = std::abs(w.liquid.pressure(10, 0, 5) - 1000 * 9.81 * (0.151 - y)) / (1000 * 9.81 * (0.151 - y));
}
}  // namespace

TEST(ValidationStillTank, LevelSetStaysAtRestForTwoSeconds) {
  double speed, dv, dp;
  run_still_tank("levelset", &speed, &dv, &dp);
  std::printf("still tank (levelset): max speed %.3g m/s, volume change %.3g %%, bottom pressure error %.3g %%\n",
              speed, 100 * dv, 100 * dp);
  EXPECT_LT(speed, 1e-4);
  EXPECT_LT(dv, 0.005);
  EXPECT_LT(dp, 0.01);
}

TEST(ValidationStillTank, ApicStaysAtRestForTwoSeconds) {
  double speed, dv, dp;
  run_still_tank("apic", &speed, &dv, &dp);
  std::printf("still tank (apic): max speed %.3g m/s, volume change %.3g %%, bottom pressure error %.3g %%\n", speed,
              100 * dv, 100 * dp);
  EXPECT_LT(speed, 1e-4);
  EXPECT_LT(dv, 0.005);
  EXPECT_LT(dp, 0.02);
}
