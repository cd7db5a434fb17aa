// Robinson-Mosher, English & Fedkiw 2009, Fig. 10 (two-way slip coupling): rigid blocks of a
// quarter, half and three quarters of the water's density, released near their floating height
// in one tank, settle with their immersed volume within 3 % of Archimedes' (the density ratio
// times the block's volume), given as the depth it makes on an upright block (the ratio times
// its height). The immersed volume is counted over a lattice of points in the block, each
// below or above the liquid's own surface (the particles' level set) interpolated between the
// two columns 2.5 cm either side of the block, so that the tank's sloshing tilts it alike and
// the blocks' rocking (a few degrees, which nothing damps) does not count as sinking; averaged
// over 0.8-2.0 s. Blocks 8 cells tall and 12 wide, at dx = 12.5 mm. With RIPPLE_VALIDATION_OUT
// set the series go to slip_floating.csv. The blocks are 1.5 times as wide as tall (a cube of
// these densities is unstable upright and tips over).
#include <gtest/gtest.h>

#include <array>
#include <fstream>

#include "../liquid_surface.hpp"
#include "../test_support.hpp"
#include "ripple/sim/world_setup.hpp"

using namespace ripple;

namespace {

constexpr double kHeight = 0.1, kWidth = 0.15;  // m
constexpr std::array<double, 3> kRatio{0.25, 0.5, 0.75};

}  // namespace

TEST(ValidationSlipFloating, BlocksOfThreeDensitiesFloatAtArchimedesDepth) {
  nlohmann::json j = nlohmann::json::parse(test::read_text(std::string(RIPPLE_SOURCE_DIR) +
                                                           "/scenes/slip/floating_blocks.json"));
  j["output"]["preview"]["enabled"] = false;
  const Scene s = test::scene_from(j);
  World w(s);
  std::unique_ptr<Coupler> coupler = initialise_world(w);
  FrameLog log;
  PhaseTimings timings;
  const WarningSink warn;
  std::ofstream csv;
  if (const std::string path = test::validation_csv("slip_floating.csv"); !path.empty()) {
    csv.open(path);
    csv << "time_s,depth_quarter_m,depth_half_m,depth_three_quarters_m\n";
  }
  std::array<double, 3> sum{};
  int samples = 0;
  auto column_of = [&](double x) { return static_cast<int>(std::floor((x - s.grid.origin.x()) / s.grid.dx)); };
  const int row = static_cast<int>(std::floor(0.125 / s.grid.dx));  // the blocks' middle
  for (double t = 0.02; t < 2.0 + 1e-9; t += 0.02) {
    while (w.time < t - 1e-9) {
      const double dt = std::min(coupler->stable_time_step(w), t - w.time);
      coupler->step(w, dt, StepContext{log, timings, warn, 0});
      w.advance_clock(dt);
    }
    std::array<double, 3> depth{};
    for (int b = 0; b < 3; ++b) {
      const SolidBodyInfo& body = w.lagrangian->model.bodies[w.lagrangian->scene_bodies[b]];
      const VectorX& z = w.lagrangian->state.z;
      const Vec3 centre = z.segment<3>(body.first_dof);
      Mat3 a;  // x = centre + a X, X the point's offset from the centre at rest
      for (int i = 0; i < 3; ++i) a.col(i) = z.segment<3>(body.first_dof + 3 + 3 * i);
      const double beside = 0.5 * kWidth + 0.025;
      const double x0 = centre.x() - beside, x1 = centre.x() + beside;
      const double h0 = test::surface_height(w, column_of(x0), row), h1 = test::surface_height(w, column_of(x1), row);
      constexpr int kN = 12, kLayers = 200;  // layers of 0.5 mm
      int below = 0;
      for (int i = 0; i < kN; ++i)
        for (int j = 0; j < kLayers; ++j)
          for (int k = 0; k < kN; ++k) {
            const Vec3 rest((i + 0.5) / kN - 0.5, (j + 0.5) / kLayers - 0.5, (k + 0.5) / kN - 0.5);
            const Vec3 x = centre + a * Vec3(kWidth * rest.x(), kHeight * rest.y(), kWidth * rest.z());
            below += x.y() < h0 + (h1 - h0) * (x.x() - x0) / (x1 - x0);
          }
      depth[b] = kHeight * below / (kN * kLayers * kN);
    }
    if (csv.is_open()) csv << t << "," << depth[0] << "," << depth[1] << "," << depth[2] << "\n";
    if (t > 0.8 - 1e-9) {
      for (int b = 0; b < 3; ++b) sum[b] += depth[b];
      ++samples;
    }
  }
  for (int b = 0; b < 3; ++b) {
    const double depth = sum[b] / samples, expected = kRatio[b] * kHeight;
    std::printf("density ratio %.2f: immersed volume as depth %.2f mm, Archimedes %.2f mm (%+.1f %%)\n", kRatio[b], 1e3 * depth,
                1e3 * expected, 100 * (depth / expected - 1));
    EXPECT_NEAR(depth, expected, 0.03 * expected) << "density ratio " << kRatio[b];
  }
}
