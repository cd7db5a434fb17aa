// Liu et al. 2025, Sec. 5.1 (Fig. 9 and 11a) as a thin 3D slab: a drop thrown at one fixed
// particle (a 1 mm rigid box, far below the 4 mm cell) from four directions. With the barrier
// coupling no vertex of the particle is ever inside the liquid and the drop passes it; a
// plain Neumann obstacle of the same size (cut cells, coupling "none") is too small for the
// grid to see, and the liquid runs through it.
#include <gtest/gtest.h>

#include <cstdio>

#include "../test_support.hpp"
#include "liquid_below.hpp"
#include "particle_row.hpp"
#include "ripple/coupling/barrier/penetration_check.hpp"
#include "../stepping.hpp"
#include "ripple/grid/interpolation.hpp"

using namespace ripple;
using nlohmann::json;

namespace {

const Vec3 kParticle(0.04, 0.04, 0.008);

// A 16 mm drop 22 mm from the particle, moving at it at 1 m/s; no gravity; slab 4 cells thick.
json slab(const Vec3& direction, bool barrier) {
  json j = json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.08, 0.08, 0.016], "dx": 0.004},
    "time": {"end": 0.05, "fps": 100},
    "gravity": [0, 0, 0],
    "fluid": {"representation": "levelset", "surface_tension": 0.07, "regions": []},
    "output": {"preview": {"enabled": false}}
  })");
  const Vec3 c = kParticle - 0.022 * direction;
  const Vec3 v = 1.0 * direction;
  j["fluid"]["regions"].push_back(
      {{"type", "sphere"}, {"center", {c.x(), c.y(), c.z()}}, {"radius", 0.016}, {"velocity", {v.x(), v.y(), v.z()}}});
  const Vec3 lo = kParticle - Vec3::Constant(5e-4), hi = kParticle + Vec3::Constant(5e-4);
  json box = {{"type", "box"}, {"min", {lo.x(), lo.y(), lo.z()}}, {"max", {hi.x(), hi.y(), hi.z()}}};
  if (barrier) {
    j["solids"] = {{{"type", "rigid"}, {"name", "particle"}, {"motion", "fixed"}, {"geometry", box}}};
    j["coupling"] = {{"method", "barrier"}};
  } else {
    box["name"] = "particle";
    j["solids"] = json::array({box});  // braces alone: an object under clang, an array under GCC
  }
  return j;
}

}  // namespace

TEST(ValidationBarrierParticle, NoPenetrationFromAnyDirectionUnlikeANeumannObstacle) {
  for (const Vec3& dir : {Vec3(0, -1, 0), Vec3(0, 1, 0), Vec3(1, 0, 0), Vec3(-1, 0, 0)}) {
    SCOPED_TRACE(testing::Message() << "direction " << dir.transpose());
    // Barrier coupling: the particle's vertices stay out of the liquid at every step.
    {
      const Scene s = test::scene_from(slab(dir, true));
      World w(s);
      BarrierCoupler b(barrier_settings(s));
      initialise_world(w, b);
      const SolidModel& m = w.lagrangian->model;
      const std::vector<uint8_t> coupled = liquid_coupled_vertices(w);
      PhaseTimings timings;
      int steps = 0;
      double deepest = 1.0;
      while (w.time < 0.045) {
        test::step(w, b, std::min(b.stable_time_step(w), 0.045 - w.time + 1e-9), timings);
        ++steps;
        const PenetrationReport p = check_penetration(w.liquid.grid, w.liquid.phi, m.collision,
                                                      m.positions(w.lagrangian->state.z), barrier_settings(s).interpolation, coupled);
        ASSERT_EQ(p.penetrating, 0) << "step " << steps;
        deepest = std::min(deepest, p.min_distance);
      }
      EXPECT_LT(deepest, 0.004) << "the drop never reached the particle";
      // ...and flows past it: the liquid's centroid ends beyond the particle.
      Vec3 centroid = Vec3::Zero();
      int cells = 0;
      for (int64_t c = 0; c < w.liquid.phi.size(); ++c)
        if (w.liquid.phi[c] < 0) {
          const Vec3i I = w.liquid.phi.coords(c);
          centroid += w.liquid.grid.cell_center(I.x(), I.y(), I.z());
          ++cells;
        }
      ASSERT_GT(cells, 0);
      EXPECT_GT((centroid / cells - kParticle).dot(dir), 0.01) << "the drop did not pass the particle";
    }
    // A Neumann obstacle of the same size: liquid covers the particle's centre at some step.
    {
      const Scene s = test::scene_from(slab(dir, false));
      World w(s);
      initialise_world(w);
      PhaseTimings timings;
      double lowest = 1.0;
      while (w.time < 0.045) {
        test::step(w, std::min(test::stable_dt(w), 0.045 - w.time + 1e-9), timings);
        lowest = std::min(lowest, sample(w.liquid.phi, w.liquid.grid, cell_sample_offset(), kParticle));
      }
      EXPECT_LT(lowest, 0.0) << "the liquid never covered the obstacle";
    }
  }
}

namespace {

// The drop falling on the row of particles `spacing` apart (particle_row.hpp), 0.12 s.
// Returns the liquid cells more than a cell below the row.
int cells_below_row(double spacing, const char* volume_measure) {
  json j = test::particle_row_scene(spacing);
  j["coupling"]["barrier"]["volume_measure"] = volume_measure;
  const double row_y = test::kParticleRowY;
  const Scene s = test::scene_from(j);
  World w(s);
  BarrierCoupler b(barrier_settings(s));
  initialise_world(w, b);
  PhaseTimings timings;
  while (w.time < 0.12 - 1e-9) test::step(w, b, std::min(b.stable_time_step(w), 0.12 - w.time), timings);
  return test::liquid_cells_below(w.liquid, row_y);
}

}  // namespace

// Liu et al. 2025, Sec. 4.3.3: the barrier acts on vertices only, so liquid is held by a row
// of particles a cell apart and passes between particles farther apart. Measured (liquid
// cells below the row after 0.12 s), the paper's smoothed volume: 1 dx 0;
// 1.5 dx 103; 2 dx 38; 3 dx 126; 5 dx 136; the volume inside the surface held (the default):
// 0, 139, 0, 140, 128. Leaking starts between 1 and 1.5 cells.
TEST(ValidationBarrierParticle, ARowOfParticlesOneCellApartHoldsTheDropWiderOnesLeak) {
  const std::string csv = test::validation_csv("barrier_particle_row.csv");
  std::ofstream out;
  if (!csv.empty()) {
    out.open(csv);
    out << "spacing_cells,cells_below_smoothed,cells_below_sharp\n";
  }
  for (double cells : {1.0, 1.5, 2.0, 3.0, 5.0}) {
    const int below = cells_below_row(cells * 0.004, "smoothed");
    const int below_sharp = cells_below_row(cells * 0.004, "sharp");
    std::printf("spacing %.1f cells: %d liquid cells below the row (smoothed), %d (sharp)\n", cells, below, below_sharp);
    if (out) out << cells << "," << below << "," << below_sharp << "\n";
    if (cells == 1.0) {
      EXPECT_EQ(below, 0);
      EXPECT_EQ(below_sharp, 0);
    } else {
      EXPECT_GT(below, 10) << "spacing " << cells << " cells";
    }
    // With the volume inside the surface held the drop is larger, and at 2 cells it happened
    // to rest on the row for the 0.12 s; from 3 cells on it passes.
    if (cells >= 3.0) {
      EXPECT_GT(below_sharp, 10) << "spacing " << cells << " cells, sharp";
    }
  }
}
