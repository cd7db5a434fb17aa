// Particle volume correction (src/ripple/fluid/density_correction.hpp): the displacement is
// negligible for freshly seeded (uniform) particles, spreads a cluster outwards, and keeps a
// splashing liquid's volume where uncorrected APIC loses it.
#include <gtest/gtest.h>

#include "../test_support.hpp"
#include "../stepping.hpp"
#include "ripple/fluid/density_correction.hpp"
#include "ripple/sim/frame_output.hpp"

using namespace ripple;

namespace {

// A 12^3-cell block of liquid resting in a 16^3 box, no gravity.
Scene block_scene() {
  auto j = test::small_scene();
  j["domain"] = {{"min", {0, 0, 0}}, {"max", {0.16, 0.16, 0.16}}, {"dx", 0.01}};
  j["gravity"] = {0, 0, 0};
  j["fluid"]["regions"][0] = {{"type", "box"}, {"min", {0.02, 0.02, 0.02}}, {"max", {0.14, 0.14, 0.14}}};
  return test::scene_from(j);
}

// Projects the world's current state and returns the correction displacement.
MacVelocity displacement_of(World& w, bool* any) {
  const double dt = 0.005;
  PhaseTimings t;
  w.liquid.phi_matches_particles = false;
  ProjectionInput in = prepare_projection(w, dt, t);
  const ProjectionParams pp = projection_params(w.scene, dt);
  project_pressure(w.liquid, w.solids, nullptr, pp, in.valid, w.pressure_system);
  VolumeCorrectionScratch scratch;
  *any = density_correction_displacement(w.pressure_system, w.liquid, w.solids, w.particle_bins,
                                         w.scene.fluid.particles_per_cell, 0.5, pp, scratch);
  return scratch.displacement;
}

}  // namespace

TEST(DensityCorrection, UniformParticlesBarelyMove) {
  const Scene s = block_scene();
  World w(s);
  initialise_world(w);
  bool any = false;
  const MacVelocity d = displacement_of(w, &any);
  double largest = 0.0;
  for (const Vec3f& x : w.liquid.particles.x) largest = std::max(largest, d.sample(w.liquid.grid, x.cast<double>()).norm());
  std::printf("uniform block: largest correction %.3f dx\n", largest / 0.01);
  EXPECT_LT(largest, 0.05 * 0.01);
}

TEST(DensityCorrection, ClusterSpreadsOutwards) {
  const Scene s = block_scene();
  World w(s);
  initialise_world(w);
  // Squeeze the particles within 3 cells of the centre to 70 % of their distance: ~3x density.
  const Vec3f c(0.08f, 0.08f, 0.08f);
  for (Vec3f& x : w.liquid.particles.x)
    if ((x - c).norm() < 0.03f) x = c + 0.7f * (x - c);
  bool any = false;
  const MacVelocity d = displacement_of(w, &any);
  ASSERT_TRUE(any);
  int outward = 0, inside = 0;
  double far_largest = 0.0, near_mean = 0.0;
  for (const Vec3f& x : w.liquid.particles.x) {
    const Vec3 r = (x - c).cast<double>();
    const Vec3 v = d.sample(w.liquid.grid, x.cast<double>());
    if (r.norm() > 0.005 && r.norm() < 0.021) {
      ++inside;
      outward += v.dot(r) > 0.0;
      near_mean += v.dot(r.normalized());
    } else if (r.norm() > 0.05) {
      far_largest = std::max(far_largest, v.norm());
    }
  }
  near_mean /= inside;
  std::printf("cluster: %d of %d particles pushed outwards, mean radial move %.3f dx; far away at most %.3f dx\n",
              outward, inside, near_mean / 0.01, far_largest / 0.01);
  EXPECT_GT(outward, 0.9 * inside);
  EXPECT_GT(near_mean, 0.05 * 0.01);
  EXPECT_LT(far_largest, near_mean);
}

// A splashing column: uncorrected APIC particles cluster and the level set loses volume; the
// correction keeps it within a few per cent.
TEST(DensityCorrection, SplashingColumnKeepsItsVolume) {
  auto run = [](double strength) {
    auto j = test::small_scene();
    j["domain"] = {{"min", {0, 0, 0}}, {"max", {0.5, 0.4, 0.1}}, {"dx", 0.0125}};
    j["fluid"]["regions"][0] = {{"type", "box"}, {"min", {0, 0, 0}}, {"max", {0.15, 0.3, 0.1}}};
    j["fluid"]["volume_correction"] = strength;
    j["fluid"]["surface_volume"] = "free";  // the particles' own level set, which the correction keeps
    const Scene s = test::scene_from(j);
    World w(s);
    initialise_world(w);
    const double v0 = measure_liquid(w).volume;
    PhaseTimings t;
    double worst = 0.0;
    for (int frame = 1; frame <= 30; ++frame) {
      while (w.time < frame / 30.0 - 1e-12) test::step(w, std::min(test::stable_dt(w), frame / 30.0 - w.time), t);
      const double dv = (measure_liquid(w).volume - v0) / v0;
      worst = std::max(worst, std::abs(dv));
    }
    return worst;
  };
  const double off = run(0.0), on = run(0.5);
  std::printf("splashing column, 1 s: largest volume change %.1f %% uncorrected, %.1f %% corrected\n", 100 * off,
              100 * on);
  EXPECT_LT(on, 0.06);
  EXPECT_LT(on, off);
}
