// Static droplet (validation-data.md section 3): the pressure jump across the surface is
// 2 sigma / R in 3D. At R = 8 dx the ghost-fluid jump must be within 5 %; spurious currents
// are reported.
#include <gtest/gtest.h>

#include <cmath>

#include "../test_support.hpp"
#include "../stepping.hpp"
#include "ripple/sim/frame_output.hpp"

using namespace ripple;

TEST(ValidationLaplacePressure, DropletAtEightCellsRadius) {
  const double dx = 1e-3, R = 8 * dx, sigma = 0.0728;
  auto j = test::small_scene();
  j["domain"] = {{"min", {0, 0, 0}}, {"max", {0.032, 0.032, 0.032}}, {"dx", dx}};
  j["gravity"] = {0, 0, 0};
  j["fluid"]["representation"] = "levelset";
  j["fluid"]["surface_tension"] = sigma;
  j["fluid"]["regions"][0] = {{"type", "sphere"}, {"center", {0.016, 0.016, 0.016}}, {"radius", R}};
  const Scene s = test::scene_from(j);
  World w(s);
  initialise_world(w);
  PhaseTimings t;
  // Mean pressure over cells well inside the droplet.
  auto inner_pressure = [&] {
    double sum = 0.0;
    int count = 0;
    for (int64_t c = 0; c < w.liquid.phi.size(); ++c)
      if (w.liquid.phi[c] < -3 * dx) { sum += w.liquid.pressure[c]; ++count; }
    EXPECT_GT(count, 50);
    return sum / std::max(count, 1);
  };
  // The first projection from rest gives the discrete Laplace pressure.
  test::step(w, test::stable_dt(w), t);
  const double p = inner_pressure(), exact = 2 * sigma / R;
  double max_speed = measure_liquid(w).max_speed;
  for (int step = 1; step < 20; ++step) {
    test::step(w, test::stable_dt(w), t);
    max_speed = std::max(max_speed, measure_liquid(w).max_speed);
  }
  std::printf("pressure after 20 steps: %.3f Pa\n", inner_pressure());
  std::printf("Laplace pressure at R = 8 dx: %.3f Pa (exact %.3f Pa, error %.2f %%); spurious currents max %.3g m/s "
              "over 20 steps (t = %.3g s)\n",
              p, exact, 100 * (p - exact) / exact, max_speed, w.time);
  EXPECT_NEAR(p, exact, 0.05 * exact);
  // Measured 0.0023 m/s. It was 0.2 m/s and growing while the curvature smoothing (a box
  // average) reversed grid-scale ripples and the carry to the interface had the wrong sign.
  EXPECT_LT(max_speed, 0.01);
}
