// A drop's capillary oscillation (Rayleigh 1879; Lamb 1932, Sec. 275): the l = 2 mode of a free
// drop of radius R has omega^2 = l (l - 1) (l + 2) gamma / (rho R^3) = 8 gamma / (rho R^3). The
// drop starts as two overlapping spheres (elongated along x) in zero gravity; the period is
// read from the zero crossings of the liquid's quadrupole moment. Checked for the level-set
// core (ghost-fluid jump in the projection) and the barrier coupling's default
// (coupling.barrier.surface_tension = "ghost_fluid"). R is about 7.7 cells. Measured: -4.0 % and
// 0.0 %. The paper's form (surface_tension = "csf", Eq. 8's force in the prediction) does not
// complete the second crossing within 1.5 periods: about twice Rayleigh's (docs/validation.md);
// a test keeps that distinction, so the key is known to select the form.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "../test_support.hpp"

#include "../stepping.hpp"

using namespace ripple;

namespace {

struct Moments {
  double volume = 0.0;      ///< m^3
  double quadrupole = 0.0;  ///< int (x - xc)^2 - ((y - yc)^2 + (z - zc)^2) / 2 dV (m^5)
};

/// Volume and quadrupole from the cells' liquid fractions, clamp(1/2 - phi/dx, 0, 1).
Moments moments(const World& w) {
  const GridGeometry& g = w.liquid.grid;
  const ScalarGrid& phi = w.liquid.phi;
  double v = 0.0;
  Vec3 c = Vec3::Zero();
  auto fraction = [&](int64_t i) { return std::clamp(0.5 - phi[i] / g.dx, 0.0, 1.0); };
  for (int64_t i = 0; i < phi.size(); ++i) {
    const Vec3i q = phi.coords(i);
    const double f = fraction(i);
    v += f;
    c += f * g.cell_center(q.x(), q.y(), q.z());
  }
  c /= v;
  Moments m;
  const double cell = g.dx * g.dx * g.dx;
  m.volume = v * cell;
  for (int64_t i = 0; i < phi.size(); ++i) {
    const Vec3i q = phi.coords(i);
    const Vec3 d = g.cell_center(q.x(), q.y(), q.z()) - c;
    m.quadrupole += fraction(i) * (d.x() * d.x() - 0.5 * (d.y() * d.y() + d.z() * d.z())) * cell;
  }
  return m;
}

/// Period (s) from the first two zero crossings of the quadrupole (T/4 and 3T/4), and the
/// Rayleigh period for the measured volume.
std::pair<double, double> measure_period(const char* method, const char* barrier_surface_tension = "ghost_fluid") {
  const double dx = 0.001, gamma = 0.5, rho = 1000.0;
  auto j = test::small_scene();
  j["domain"] = {{"min", {0, 0, 0}}, {"max", {0.036, 0.036, 0.036}}, {"dx", dx}};
  j["gravity"] = {0, 0, 0};
  j["time"]["cfl"] = 1.0;
  j["fluid"]["representation"] = "levelset";
  j["fluid"]["surface_tension"] = gamma;
  j["fluid"]["regions"] = {{{"type", "sphere"}, {"center", {0.0165, 0.018, 0.018}}, {"radius", 0.007}},
                           {{"type", "sphere"}, {"center", {0.0195, 0.018, 0.018}}, {"radius", 0.007}}};
  j["coupling"]["method"] = method;
  j["coupling"]["barrier"]["surface_tension"] = barrier_surface_tension;
  const Scene s = test::scene_from(j);
  World w(s);
  const std::unique_ptr<Coupler> coupler = initialise_world(w);
  PhaseTimings t;
  const Moments start = moments(w);
  const double R = std::cbrt(3.0 * start.volume / (4.0 * std::numbers::pi));
  const double rayleigh = 2.0 * std::numbers::pi / std::sqrt(8.0 * gamma / (rho * R * R * R));
  EXPECT_GT(start.quadrupole, 0.0);
  double previous = start.quadrupole, crossing[2] = {0.0, 0.0};
  int crossings = 0;
  while (crossings < 2 && w.time < 1.5 * rayleigh) {
    const double t0 = w.time;
    const double dt = coupler->stable_time_step(w);
    if (auto* barrier = dynamic_cast<BarrierCoupler*>(coupler.get())) test::step(w, *barrier, dt, t);
    else test::step(w, dt, t);
    const double q = moments(w).quadrupole;
    if ((previous > 0.0) != (q > 0.0)) crossing[crossings++] = t0 + dt * previous / (previous - q);
    previous = q;
  }
  if (crossings < 2) return {INFINITY, rayleigh};  // no full half-oscillation within 1.5 periods
  const double period = 2.0 * (crossing[1] - crossing[0]);
  std::printf("%s: drop R = %.2f mm (%.1f cells), period %.1f ms, Rayleigh %.1f ms (%+.1f %%), final volume %+.2f %%\n",
              method, 1e3 * R, R / dx, 1e3 * period, 1e3 * rayleigh, 100 * (period / rayleigh - 1),
              100 * (moments(w).volume / start.volume - 1));
  return {period, rayleigh};
}

}  // namespace

TEST(ValidationDropOscillation, LevelSetCoreMatchesRayleigh) {
  const auto [period, rayleigh] = measure_period("none");
  EXPECT_NEAR(period / rayleigh, 1.0, 0.1);
}

TEST(ValidationDropOscillation, BarrierCouplingMatchesRayleigh) {
  const auto [period, rayleigh] = measure_period("barrier");
  EXPECT_NEAR(period / rayleigh, 1.0, 0.1);
}

TEST(ValidationDropOscillation, BarrierCsfIsTheSlowPaperForm) {
  // The paper's Eq. 8 force with a p = 0 free surface loses its air half: the drop has not
  // completed its half-oscillation after 1.5 Rayleigh periods (about twice Rayleigh's period
  // measured from the command line). Checks that the scene key selects it.
  const auto [period, rayleigh] = measure_period("barrier", "csf");
  EXPECT_GT(period / rayleigh, 1.3);
}
