// Robinson-Mosher, English & Fedkiw 2009, Fig. 10 (two-way slip coupling): rigid blocks of a
// quarter, half and three quarters of the water's density, released near their floating height
// in one tank, settle with their immersed depth within 3 % of Archimedes' (the density ratio
// times the block's height). The depth is measured from the liquid's own surface (the
// particles' level set) in the two columns 2.5 cm either side of each block (so that the tank's
// sloshing tilts both alike), averaged over 0.8-2.0 s. Blocks 8 cells tall and 12 wide, at
// dx = 12.5 mm. With RIPPLE_VALIDATION_OUT set the series go to
// slip_floating.csv. The blocks are 1.5 times as wide as tall (a cube of these densities is
// unstable upright and tips over, which this depth measure would not follow).
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
      const Vec3 centre = w.lagrangian->state.z.segment<3>(body.first_dof);
      const double beside = 0.5 * kWidth + 0.025;
      const double surface = 0.5 * (test::surface_height(w, column_of(centre.x() - beside), row) +
                                    test::surface_height(w, column_of(centre.x() + beside), row));
      depth[b] = surface - (centre.y() - 0.5 * kHeight);
    }
    if (csv.is_open()) csv << t << "," << depth[0] << "," << depth[1] << "," << depth[2] << "\n";
    if (t > 0.8 - 1e-9) {
      for (int b = 0; b < 3; ++b) sum[b] += depth[b];
      ++samples;
    }
  }
  for (int b = 0; b < 3; ++b) {
    const double depth = sum[b] / samples, expected = kRatio[b] * kHeight;
    std::printf("density ratio %.2f: immersed depth %.2f mm, Archimedes %.2f mm (%+.1f %%)\n", kRatio[b], 1e3 * depth,
                1e3 * expected, 100 * (depth / expected - 1));
    EXPECT_NEAR(depth, expected, 0.03 * expected) << "density ratio " << kRatio[b];
  }
}
