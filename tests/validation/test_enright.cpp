// Enright et al. 2002 3D deformation test: a sphere (R = 0.15 at (0.35, 0.35, 0.35) in the
// unit cube) stretched by a prescribed periodic velocity field that reverses at T/2 and brings
// it back to its start at T = 3 s. It measures how much liquid each representation loses
// to advection and redistancing alone (no pressure, no gravity). APIC and FLIP particles move
// identically through a prescribed field, so one particle run stands for both.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>

#include "../test_support.hpp"
#include "ripple/fluid/grid_advection.hpp"
#include "ripple/sim/world_setup.hpp"
#include "ripple/fluid/particle_advection.hpp"
#include "ripple/fluid/particle_level_set.hpp"
#include "ripple/grid/redistance.hpp"
#include "ripple/sim/frame_output.hpp"

using namespace ripple;

namespace {

constexpr double kPeriod = 3.0;  // s
const double kPi = std::acos(-1.0);

// Eq. (in Enright, Fedkiw, Ferziger, Mitchell 2002, Sec. 7.3): the 3D deformation field.
Vec3 deformation_velocity(const Vec3& x, double t) {
  const double s = std::cos(kPi * t / kPeriod);
  auto sq = [](double v) { return v * v; };
  const double sx = std::sin(kPi * x.x()), sy = std::sin(kPi * x.y()), sz = std::sin(kPi * x.z());
  const double s2x = std::sin(2 * kPi * x.x()), s2y = std::sin(2 * kPi * x.y()), s2z = std::sin(2 * kPi * x.z());
  return s * Vec3(2 * sq(sx) * s2y * s2z, -s2x * sq(sy) * s2z, -s2x * s2y * sq(sz));
}

void sample_field(MacVelocity& u, const GridGeometry& g, double t) {
  for (int a = 0; a < 3; ++a) {
    const Vec3i fd = g.face_dims(a);
    u.u[a].resize(fd.x(), fd.y(), fd.z(), 0.0);
    for (int64_t idx = 0; idx < u.u[a].size(); ++idx) {
      const Vec3i f = u.u[a].coords(idx);
      const Vec3 x = g.origin + g.dx * (f.cast<double>() + face_sample_offset(a));
      u.u[a][idx] = deformation_velocity(x, t)[a];
    }
  }
}

struct EnrightResult {
  double half = 0.0, full = 0.0;  // relative volume change at T/2 and T
};

EnrightResult enright(int resolution, const std::string& representation, const std::string& scheme = "maccormack") {
  auto j = test::small_scene();
  j["domain"] = {{"min", {0, 0, 0}}, {"max", {1, 1, 1}}, {"resolution", resolution}};
  j["gravity"] = {0, 0, 0};
  j["fluid"]["representation"] = representation;
  j["fluid"]["levelset_advection"] = scheme;
  j["fluid"]["regions"][0] = {{"type", "sphere"}, {"center", {0.35, 0.35, 0.35}}, {"radius", 0.15}};
  const Scene s = test::scene_from(j);
  World w(s);
  initialise_world(w);
  const GridGeometry& g = w.liquid.grid;
  const double v0 = measure_liquid(w).volume;
  const int steps = static_cast<int>(std::ceil(kPeriod / (g.dx / 2.5)));  // CFL ~1: |u| <= 2.45 m/s
  const double dt = kPeriod / steps;
  EnrightResult r;
  std::ofstream csv;
  if (const std::string f = test::validation_csv("enright_" + std::to_string(resolution) + "_" + representation +
                                                 (representation == "levelset" ? "_" + scheme : "") + ".csv");
      !f.empty()) {
    csv.open(f);
    csv << "t,volume_change\n0,0\n";
  }
  for (int n = 0; n < steps; ++n) {
    sample_field(w.liquid.velocity, g, (n + 0.5) * dt);  // midpoint in time
    if (representation == "levelset") {
      advect_samples(w.liquid.phi, cell_sample_offset(), g, w.liquid.velocity, dt, s.fluid.levelset_advection);
      redistance(w.liquid.phi, g.dx, kLevelSetBandCells);
    } else {
      advect_particles(w.liquid.particles, g, w.liquid.velocity, w.solids, wall_sides(s), dt);
      w.liquid.phi_matches_particles = false;
    }
    if (n + 1 == steps / 2) r.half = measure_liquid(w).volume / v0 - 1.0;
    if (csv.is_open() && (n + 1) % std::max(1, steps / 60) == 0)
      csv << (n + 1) * dt << ',' << measure_liquid(w).volume / v0 - 1.0 << '\n';
  }
  r.full = measure_liquid(w).volume / v0 - 1.0;
  return r;
}

}  // namespace

TEST(ValidationEnright, VolumeLossPerRepresentationAt32) {
  // 32^3: the sphere is only 4.8 cells in radius, and at T/2 the sheet is thinner than a cell.
  // Bounds are the measured values (docs/validation.md) with a margin, so a change that loses
  // more liquid fails here.
  const EnrightResult p = enright(32, "apic");
  const EnrightResult mc = enright(32, "levelset", "maccormack");
  const EnrightResult sl = enright(32, "levelset", "semi_lagrangian");
  std::printf("Enright 32^3 volume change at T/2, T: particles %+.1f %% %+.1f %%, levelset maccormack %+.1f %% %+.1f %%, "
              "levelset semi-Lagrangian %+.1f %% %+.1f %%\n",
              100 * p.half, 100 * p.full, 100 * mc.half, 100 * mc.full, 100 * sl.half, 100 * sl.full);
  // Particles return to the sphere (the level set is rebuilt from them); at T/2 the sheet is
  // thinner than the particle radius, and the rebuilt surface is thicker than the sheet.
  EXPECT_LT(std::abs(p.full), 0.05);
  EXPECT_LT(std::abs(p.half), 0.20);
  // A pure level set at 4.8 cells radius loses liquid wherever the sheet gets thinner than a
  // cell (measured -39 % with MacCormack, all of it semi-Lagrangian); the bound catches
  // regressions, and the second-order scheme must keep more than the first-order one.
  EXPECT_GT(mc.full, -0.50);
  EXPECT_LT(mc.full, 0.05);
  EXPECT_GT(mc.full, sl.full + 0.2);
}

TEST(LongValidationEnright, VolumeLossAt64) {
  if (!std::getenv("RIPPLE_LONG_VALIDATION")) GTEST_SKIP() << "set RIPPLE_LONG_VALIDATION=1";
  for (int res : {64, 100}) {
    const EnrightResult p = enright(res, "apic");
    const EnrightResult mc = enright(res, "levelset", "maccormack");
    const EnrightResult sl = enright(res, "levelset", "semi_lagrangian");
    std::printf("Enright %d^3 volume change at T/2, T: particles %+.1f %% %+.1f %%, levelset maccormack %+.1f %% %+.1f %%, "
                "levelset semi-Lagrangian %+.1f %% %+.1f %%\n",
                res, 100 * p.half, 100 * p.full, 100 * mc.half, 100 * mc.full, 100 * sl.half, 100 * sl.full);
  }
}
