// Semi-implicit surface tension (Liu et al. 2025, Eq. 8): the delta function integrates to 1,
// a flat interface leaves a uniform flow alone, the explicit limit is -dt gamma/rho delta kappa n,
// a drop's force points inwards, and the implicit term damps velocity noise in the band.
#include <gtest/gtest.h>

#include <random>

#include "ripple/fluid/semi_implicit_surface_tension.hpp"
#include "ripple/fluid/surface_tension.hpp"

namespace ripple {
namespace {

GridGeometry grid(int n, double dx) {
  GridGeometry g;
  g.dx = dx;
  g.n = Vec3i(n, n, n);
  return g;
}

TEST(SemiImplicitSurfaceTension, DeltaIntegratesToOne) {
  const double dx = 0.01, eps = 3 * dx;
  for (double shift : {0.0, 0.3, 0.5, 0.77}) {
    double sum = 0.0;
    for (int i = -10; i <= 10; ++i) sum += narrow_band_delta((i + shift) * dx, eps) * dx;
    EXPECT_NEAR(sum, 1.0, 1e-12) << shift;  // a raised cosine sampled at any offset
  }
  EXPECT_EQ(narrow_band_delta(eps, eps), 0.0);
  EXPECT_NEAR(narrow_band_delta(0.0, eps), 1.0 / eps, 1e-12);
}

TEST(SemiImplicitSurfaceTension, FlatInterfaceKeepsUniformFlow) {
  const GridGeometry g = grid(16, 0.01);
  ScalarGrid phi(g.n), kappa(g.n, 0.0);
  for (int64_t i = 0; i < phi.size(); ++i) {
    const Vec3i c = phi.coords(i);
    phi(c.x(), c.y(), c.z()) = g.cell_center(c.x(), c.y(), c.z()).y() - 0.083;
  }
  MacVelocity u;
  u.resize(g);
  for (int a = 0; a < 3; ++a) u.u[a].fill(1.0 + a);
  SurfaceTensionParams p{0.07, 1000.0, 0.01, 3 * g.dx};
  const SurfaceTensionReport r = apply_semi_implicit_surface_tension(u, phi, &kappa, g, p);
  EXPECT_GT(r.unknowns, 0);
  for (int a = 0; a < 3; ++a)
    for (double v : u.u[a].data()) EXPECT_NEAR(v, 1.0 + a, 1e-9);
}

struct Drop {
  GridGeometry g = grid(24, 0.005);
  Vec3 centre = Vec3::Constant(0.06);
  double R = 0.03;
  ScalarGrid phi, kappa;
  Drop() {
    phi = ScalarGrid(g.n);
    for (int64_t i = 0; i < phi.size(); ++i) {
      const Vec3i c = phi.coords(i);
      phi(c.x(), c.y(), c.z()) = (g.cell_center(c.x(), c.y(), c.z()) - centre).norm() - R;
    }
    kappa = interface_curvature(phi, g.dx);
  }
};

TEST(SemiImplicitSurfaceTension, ExplicitLimitAndInwardForce) {
  Drop d;
  const double gamma = 0.07, rho = 1000.0, dt = 1e-7;  // dt^2 term negligible
  MacVelocity u;
  u.resize(d.g);
  SurfaceTensionParams p{gamma, rho, dt, 3 * d.g.dx};
  apply_semi_implicit_surface_tension(u, d.phi, &d.kappa, d.g, p);
  int checked = 0;
  for (int a = 0; a < 3; ++a)
    for (int64_t f = 0; f < u.u[a].size(); ++f) {
      const Vec3i q = u.u[a].coords(f);
      const Vec3 x = d.g.face_center(a, q.x(), q.y(), q.z());
      const double r = (x - d.centre).norm(), n_a = (x - d.centre)[a] / r;
      const double delta = narrow_band_delta(r - d.R, 3 * d.g.dx);
      // Away from the band's edge, where delta of the face's averaged phi differs most.
      if (std::abs(r - d.R) > 2.0 * d.g.dx || std::abs(n_a) < 0.5 || q[a] == 0 || q[a] == d.g.n[a]) continue;
      // The force points inwards, with the explicit magnitude dt gamma/rho delta kappa |n_a|,
      // kappa the given curvature field at the face (mean of its two cells), delta and n exact.
      Vec3i below = q;
      below[a] -= 1;
      const double kappa = 0.5 * (d.kappa(below.x(), below.y(), below.z()) + d.kappa(q.x(), q.y(), q.z()));
      const double expected = -dt * gamma / rho * delta * kappa * n_a;
      EXPECT_LT(u.u[a].data()[f] * n_a, 0.0);
      EXPECT_NEAR(u.u[a].data()[f], expected, 0.05 * std::abs(expected) + 1e-15) << "phi/dx " << (r - d.R) / d.g.dx;
      ++checked;
    }
  EXPECT_GT(checked, 100);
}

TEST(SemiImplicitSurfaceTension, ImplicitTermDampsNoiseInTheBand) {
  Drop d;
  MacVelocity noise;
  noise.resize(d.g);
  std::mt19937 rng(1);
  std::uniform_real_distribution<double> uni(-1.0, 1.0);
  for (int a = 0; a < 3; ++a)
    for (double& v : noise.u[a].data()) v = 0.01 * uni(rng);
  double previous = INFINITY;
  for (double dt : {1e-3, 1e-2, 3e-2}) {
    MacVelocity u = noise;
    SurfaceTensionParams p{0.07, 1000.0, dt, 3 * d.g.dx};
    apply_semi_implicit_surface_tension(u, d.phi, nullptr, d.g, p);  // the implicit term alone
    double band = 0.0, before = 0.0;
    for (int a = 0; a < 3; ++a)
      for (int64_t f = 0; f < u.u[a].size(); ++f) {
        if (u.u[a].data()[f] == noise.u[a].data()[f]) continue;  // outside the band
        band += u.u[a].data()[f] * u.u[a].data()[f];
        before += noise.u[a].data()[f] * noise.u[a].data()[f];
      }
    EXPECT_LT(band, before) << dt;
    EXPECT_LT(band, previous) << dt;  // longer steps damp more
    previous = band;
  }
}

}  // namespace
}  // namespace ripple
