// A drop resting on a fixed plate with the barrier coupling settles into a sessile drop. The
// barrier keeps an air gap of about dhat under it, so it does not wet: its shape is the
// Young-Laplace profile with a 180 degree contact angle, whose height for the drop's volume is
// computed here by integrating the profile from the apex (Bashforth-Adams). R = 8 mm = 4 cells,
// 0.5 N/m (capillary length 7.1 mm). A surface tension without the ghost-fluid jump spreads the
// drop into a 2-3 mm film on this plate.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "../test_support.hpp"

#include "../stepping.hpp"
#include "ripple/sim/frame_output.hpp"

using namespace ripple;

namespace {

/// Height (m) of a non-wetting sessile drop of volume V: the axisymmetric profile x(s), z(s)
/// (z down from the apex) with dphi/ds = 2/b + z/lc^2 - sin(phi)/x, integrated to phi = pi;
/// the apex radius b is bisected until the enclosed volume is V.
double young_laplace_height(double volume, double capillary_length) {
  auto profile = [&](double b, double& height) {
    const double ds = b * 2e-4;
    double x = 0.0, z = 0.0, phi = 0.0, v = 0.0;
    while (phi < std::numbers::pi && z < 1.0) {
      const double k = 2.0 / b + z / (capillary_length * capillary_length) - (x > 1e-12 ? std::sin(phi) / x : 1.0 / b);
      const double xn = x + ds * std::cos(phi), zn = z + ds * std::sin(phi);
      v += std::numbers::pi * x * x * (zn - z);
      x = xn;
      z = zn;
      phi += ds * k;
    }
    height = z;
    return v;
  };
  double lo = 1e-4, hi = 1.0, height = 0.0;
  for (int i = 0; i < 50; ++i) {
    const double b = std::sqrt(lo * hi);
    if (profile(b, height) < volume) lo = b;
    else hi = b;
  }
  profile(std::sqrt(lo * hi), height);
  return height;
}

/// Lowest and highest crossings of phi = 0 along the grid's vertical lines (m).
std::pair<double, double> vertical_extent(const World& w) {
  const GridGeometry& g = w.liquid.grid;
  const ScalarGrid& phi = w.liquid.phi;
  double lo = INFINITY, hi = -INFINITY;
  for (int k = 0; k < g.n.z(); ++k)
    for (int i = 0; i < g.n.x(); ++i)
      for (int j = 0; j + 1 < g.n.y(); ++j) {
        const double a = phi(i, j, k), b = phi(i, j + 1, k);
        if ((a < 0) == (b < 0)) continue;
        const double y = g.cell_center(i, j, k).y() + g.dx * a / (a - b);
        lo = std::min(lo, y);
        hi = std::max(hi, y);
      }
  return {lo, hi};
}

}  // namespace

TEST(ValidationBarrierSessileDrop, HeightNearYoungLaplace) {
  const double dx = 0.002, gamma = 0.5, rho = 1000.0, g = 9.81, R = 0.008;
  auto j = test::small_scene();
  j["domain"] = {{"min", {0, 0, 0}}, {"max", {0.048, 0.048, 0.048}}, {"dx", dx}};
  j["time"]["cfl"] = 1.0;
  j["fluid"]["representation"] = "levelset";
  j["fluid"]["surface_tension"] = gamma;
  j["fluid"]["regions"] = {{{"type", "sphere"}, {"center", {0.024, 0.0215, 0.024}}, {"radius", R}}};
  j["solids"] = {{{"type", "shell"},
                  {"name", "plate"},
                  {"geometry", {{"type", "grid"}, {"center", {0.024, 0.012, 0.024}}, {"width", 0.044}, {"depth", 0.044},
                                {"resolution", 30}}},
                  {"density", 200},
                  {"thickness", 5e-4},
                  {"young", 1e6},
                  {"pinned", {{"regions", {{{"min", {0, 0, 0}}, {"max", {0.048, 0.048, 0.048}}}}}}}}};
  j["coupling"] = {{"method", "barrier"}, {"barrier", {{"interpolation", "linear"}}}};
  const Scene s = test::scene_from(j);
  World w(s);
  BarrierCoupler b(barrier_settings(s));
  initialise_world(w, b);
  PhaseTimings t;
  // It squashes and rebounds for a few capillary times (32 ms); average over the last 0.1 s.
  double height_sum = 0.0, lowest_height = INFINITY;
  int samples = 0;
  while (w.time < 0.4) {
    test::step(w, b, b.stable_time_step(w), t);
    const auto [lo, hi] = vertical_extent(w);
    if (w.time > 0.1) lowest_height = std::min(lowest_height, hi - lo);
    if (w.time > 0.3) {
      height_sum += hi - lo;
      ++samples;
    }
  }
  const double height = height_sum / samples;
  const double volume = measure_liquid(w).volume;
  const double reference = young_laplace_height(volume, std::sqrt(gamma / (rho * g)));
  std::printf("sessile drop: mean height %.2f mm over the last 0.1 s (lowest after 0.1 s %.2f mm), Young-Laplace "
              "(180 deg, V = %.3g m^3) %.2f mm (%+.0f %%)\n",
              1e3 * height, 1e3 * lowest_height, volume, 1e3 * reference, 100 * (height / reference - 1));
  EXPECT_NEAR(height / reference, 1.0, 0.25);
  EXPECT_GT(lowest_height, 0.5 * reference);  // no film
}
