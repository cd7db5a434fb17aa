// The particle liquid's surface volume control (src/ripple/fluid/surface_volume.hpp): each
// connected body of liquid encloses what its particles carry, whatever the level set built
// from them enclosed (a box, a film one particle thick, liquid against a solid), body by body,
// with the same result for any thread count.
#include <gtest/gtest.h>

#include <oneapi/tbb/task_arena.h>

#include "../test_support.hpp"
#include "ripple/fluid/liquid_world.hpp"
#include "ripple/grid/connected_components.hpp"
#include "ripple/grid/level_set_volume.hpp"
#include "ripple/sim/world_setup.hpp"

using namespace ripple;

namespace {

constexpr double kHeld = 3e-4;  // the control's tolerance (2e-4) and round-off

nlohmann::json closed_scene() {
  auto j = test::small_scene();
  j["domain"] = {{"min", {0, 0, 0}}, {"max", {0.2, 0.2, 0.2}}, {"dx", 0.01}};
  j["gravity"] = {0, 0, 0};
  return j;
}

double visible_volume(const LiquidWorld& w, const ScalarGrid& phi) {
  return liquid_volume(visible_level_set(phi, w.liquid.grid, w.solids), w.liquid.grid);
}

double target_of(const LiquidWorld& w) {
  return static_cast<double>(w.liquid.particles.size()) * carried_particle_volume(w);
}

/// The world's level set held to its particles' volume (as the exported surface is).
struct Held {
  ScalarGrid phi;
  SurfaceVolumeReport report;
};
Held held_surface(const LiquidWorld& w) {
  Held h{w.liquid.phi, {}};
  h.report = hold_particle_surface(w, h.phi);
  return h;
}

}  // namespace

TEST(SurfaceVolume, ABoxEnclosesItsParticlesVolumeWhereTheFreeSurfaceSwells) {
  auto j = closed_scene();
  j["fluid"]["regions"][0] = {{"type", "box"}, {"min", {0.04, 0.04, 0.04}}, {"max", {0.14, 0.16, 0.12}}};
  const Scene s = test::scene_from(j);
  World w(s);
  initialise_world(w);
  const double box = 0.10 * 0.12 * 0.08;
  EXPECT_NEAR(target_of(w) / box, 1.0, 1e-9);  // the lattice fills the grid-aligned box exactly
  EXPECT_GT(visible_volume(w, w.liquid.phi) / box, 1.01);  // the particles' level set as built encloses more
  EXPECT_NEAR(visible_volume(w, held_surface(w).phi) / box, 1.0, kHeld);
}

TEST(SurfaceVolume, EachBodyOfLiquidHoldsItsOwnParticles) {
  auto j = closed_scene();
  j["fluid"]["regions"] = {{{"type", "box"}, {"min", {0.02, 0.02, 0.02}}, {"max", {0.08, 0.18, 0.18}}},
                           {{"type", "sphere"}, {"center", {0.15, 0.1, 0.1}}, {"radius", 0.03}}};
  const Scene s = test::scene_from(j);
  World w(s);
  initialise_world(w);
  const Held h = held_surface(w);
  const SurfaceVolumeReport& r = h.report;
  ASSERT_EQ(r.target.size(), 2u);
  std::vector<uint8_t> in(static_cast<size_t>(h.phi.size()));
  for (int64_t c = 0; c < h.phi.size(); ++c) in[static_cast<size_t>(c)] = h.phi[c] < 0.0;
  const std::vector<double> measured =
      liquid_volumes_by_label(h.phi, w.liquid.grid, label_components(h.phi.dims(), in).label, 2);
  for (size_t l = 0; l < 2; ++l) {
    EXPECT_NEAR(r.volume[l] / r.target[l], 1.0, kHeld) << "component " << l;
    EXPECT_NEAR(measured[l] / r.target[l], 1.0, kHeld) << "component " << l;  // what phi now encloses
  }
  EXPECT_NE(r.offset[0], r.offset[1]);  // a box and a small sphere swell differently
  EXPECT_EQ(r.unmet, 0);
  EXPECT_EQ(r.unassigned, 0.0);
}

TEST(SurfaceVolume, AFilmOneParticleThickEnclosesItsParticles) {
  const Scene s = test::scene_from(closed_scene());
  World w(s);
  initialise_world(w);
  // A horizontal film: one layer of the lattice (spacing dx/2), 16 x 16 cells wide.
  Particles& p = w.liquid.particles;
  p.resize(0);
  w.liquid.particle_volume = 0.0;  // dx^3 / particles_per_cell each
  for (int a = 0; a < 32; ++a)
    for (int b = 0; b < 32; ++b) {
      p.x.emplace_back(0.02f + 0.005f * (a + 0.5f), 0.1025f, 0.02f + 0.005f * (b + 0.5f));
      p.v.push_back(Vec3f::Zero());
      p.c.push_back(Mat3f::Zero());
    }
  sort_particles_by_cell(p, w.liquid.grid, w.particle_bins);
  const double r = particle_radius(s.grid.dx, s.fluid.particles_per_cell);
  level_set_from_particles(w.liquid, w.particle_bins, r, w.solids, wall_sides(s), w.solid_extension);
  const double target = target_of(w), free = liquid_volume(w.liquid.phi, w.liquid.grid);
  EXPECT_GT(std::abs(free / target - 1.0), 0.1);  // the film as built: 0.87 of its particles here
  const Held h = held_surface(w);
  const SurfaceVolumeReport& report = h.report;
  ASSERT_EQ(report.target.size(), 1u);
  EXPECT_NEAR(liquid_volume(h.phi, w.liquid.grid) / target, 1.0, kHeld);
  EXPECT_LE(std::abs(report.offset[0]), kSurfaceOffsetCells * s.grid.dx);
}

TEST(SurfaceVolume, AThinWallKeepsTwoBodiesOfLiquidApart) {
  auto j = closed_scene();
  j["fluid"]["regions"] = {{{"type", "box"}, {"min", {0.0, 0.0, 0.0}}, {"max", {0.095, 0.1, 0.2}}},
                           {{"type", "sphere"}, {"center", {0.15, 0.05, 0.1}}, {"radius", 0.04}}};
  j["solids"] = {{{"type", "box"}, {"name", "wall"}, {"min", {0.095, 0.0, 0.0}}, {"max", {0.105, 0.2, 0.2}}}};
  const Scene s = test::scene_from(j);
  World w(s);
  initialise_world(w);
  const Held h = held_surface(w);
  ASSERT_EQ(h.report.target.size(), 2u);  // one cell thick, the wall still separates them
  for (size_t l = 0; l < 2; ++l) EXPECT_NEAR(h.report.volume[l] / h.report.target[l], 1.0, kHeld) << l;
}

TEST(SurfaceVolume, LiquidAgainstAnObstacleMeetsItWithoutAGap) {
  auto j = closed_scene();
  j["gravity"] = {0, -9.81, 0};
  j["fluid"]["regions"][0] = {{"type", "box"}, {"min", {0.0, 0.0, 0.0}}, {"max", {0.2, 0.1, 0.2}}};
  j["solids"] = {{{"type", "sphere"}, {"name", "ball"}, {"center", {0.1, 0.05, 0.1}}, {"radius", 0.035}}};
  const Scene s = test::scene_from(j);
  World w(s);
  initialise_world(w);
  const Held h = held_surface(w);
  EXPECT_NEAR(visible_volume(w, h.phi) / target_of(w), 1.0, kHeld);
  // The level set is liquid on the ball's whole surface: submerged, it shows no shell of air.
  const GridGeometry& g = w.liquid.grid;
  double worst = -1e30;
  for (int t = 0; t < 200; ++t) {
    const double theta = 3.14159265 * (t % 20 + 0.5) / 20, phi = 2 * 3.14159265 * (t / 20) / 10.0;
    const Vec3 x = Vec3(0.1, 0.05, 0.1) + 0.035 * Vec3(std::sin(theta) * std::cos(phi), std::cos(theta),
                                                     std::sin(theta) * std::sin(phi));
    worst = std::max(worst, sample(h.phi, g, cell_sample_offset(), x));
  }
  EXPECT_LT(worst, 0.0);
}

TEST(SurfaceVolume, TheSameSurfaceForAnyThreadCount) {
  // 48^3 cells and bands of many cubes: the sums run over several blocks.
  auto j = closed_scene();
  j["domain"] = {{"min", {0, 0, 0}}, {"max", {0.48, 0.48, 0.48}}, {"dx", 0.01}};
  j["fluid"]["regions"] = {{{"type", "sphere"}, {"center", {0.17, 0.24, 0.24}}, {"radius", 0.14}},
                           {{"type", "sphere"}, {"center", {0.38, 0.24, 0.24}}, {"radius", 0.06}}};
  const Scene s = test::scene_from(j);
  std::vector<double> phi[2];
  for (int threads : {1, 2}) {
    tbb::task_arena arena(threads);
    arena.execute([&] {
      World w(s);
      initialise_world(w);
      phi[threads - 1] = held_surface(w).phi.data();
    });
  }
  EXPECT_EQ(phi[0], phi[1]);
  EXPECT_FALSE(phi[0].empty());
}
