// A drop's capillary oscillation under the membrane coupling (scenes/membrane/oscillating_drop.json):
// a 4 mm water drop without gravity, released as a spheroid 10 % longer along y, against
// Rayleigh's mode-2 period 2 pi sqrt(rho R^3 / (8 sigma)) = 65.9 ms. The surface tension lives
// on the membrane's triangles (Ruan et al. 2021, Eq. 9-11). The period is read from the drop's
// height (the membrane's bounding box), first minimum to next maximum (half a period), sampled at
// 400 frames per second. At 20 cells across (R = 5 cells) measured -0.4 %; the membrane's volume
// holds to 1e-14. About 35 s.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "../test_support.hpp"
#include "barrier_run_stats.hpp"

using namespace ripple;

TEST(ValidationMembraneDrop, OscillatesAtRayleighsPeriod) {
  const auto dir = test::temp_dir("membrane_drop");
  const std::string scene = std::string(RIPPLE_SOURCE_DIR) + "/scenes/membrane/oscillating_drop.json";
  ASSERT_EQ(test::run_ripple("run " + scene + " --quiet --set /domain/resolution=20 --set /time/end=0.075 --set "
                             "/time/fps=400 --out " + (dir / "out").string(),
                             (dir / "log").string()),
            0)
      << test::read_text(dir / "log");
  const auto frames = test::read_stats(dir / "out");
  ASSERT_EQ(frames.size(), 31u);
  std::vector<std::pair<double, double>> height;  // (t, y extent)
  for (const auto& j : frames) {
    height.emplace_back(j["time"].get<double>(), j["fluid_bbox"]["max"][1].get<double>() - j["fluid_bbox"]["min"][1].get<double>());
    EXPECT_NEAR(j["membrane"]["volume_change"].get<double>(), 0.0, 1e-9) << "frame " << j["frame"];
  }
  // Extrema by a parabola through each frame and its neighbours.
  std::vector<double> minima, maxima;
  for (size_t i = 1; i + 1 < height.size(); ++i) {
    const double a = height[i - 1].second, b = height[i].second, c = height[i + 1].second;
    const bool is_min = b < a && b <= c, is_max = b > a && b >= c;
    if (!is_min && !is_max) continue;
    const double h = height[i].first - height[i - 1].first, den = a - 2 * b + c;
    const double t = height[i].first + (den != 0.0 ? 0.5 * (a - c) / den : 0.0) * h;
    (is_min ? minima : maxima).push_back(t);
  }
  ASSERT_FALSE(minima.empty());
  double next_max = -1.0;
  for (double t : maxima)
    if (t > minima[0]) { next_max = t; break; }
  ASSERT_GT(next_max, 0.0) << "no maximum after the first minimum";
  const double R = 0.004, sigma = 0.0728, rho = 1000.0;
  const double rayleigh = 2 * std::numbers::pi * std::sqrt(rho * R * R * R / (8 * sigma));
  const double period = 2 * (next_max - minima[0]);
  std::printf("membrane drop: period %.1f ms, Rayleigh %.1f ms (%+.1f %%)\n", 1e3 * period, 1e3 * rayleigh,
              100 * (period / rayleigh - 1));
  EXPECT_NEAR(period / rayleigh, 1.0, 0.1);
}
