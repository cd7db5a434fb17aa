#include <gtest/gtest.h>

#include <cmath>

#include "ripple/grid/level_set_geometry.hpp"
#include "ripple/grid/marching_tetrahedra.hpp"
#include "ripple/grid/redistance.hpp"

using namespace ripple;

namespace {
ScalarGrid sphere_field(int n, double dx, double R, double stretch, double* max_err_band = nullptr) {
  ScalarGrid phi(n, n, n, 0.0);
  const Vec3 c = Vec3::Constant(0.5 * n * dx + 0.013 * dx);
  for (int64_t i = 0; i < phi.size(); ++i) {
    const Vec3i I = phi.coords(i);
    const Vec3 p = dx * (I.cast<double>() + Vec3::Constant(0.5));
    const double d = (p - c).norm() - R;
    phi[i] = stretch * d * (1.0 + 0.5 * std::sin(7 * p.x()));  // same zero set, not a distance
  }
  return phi;
}
}  // namespace

TEST(Redistance, RecoversSphereDistanceInTheBand) {
  const int n = 40;
  const double dx = 1.0 / n, R = 0.3;
  ScalarGrid phi = sphere_field(n, dx, R, 3.0);
  redistance(phi, dx, 5.0);
  const Vec3 c = Vec3::Constant(0.5 * n * dx + 0.013 * dx);
  double max_err = 0.0;
  int64_t checked = 0;
  for (int64_t i = 0; i < phi.size(); ++i) {
    const Vec3i I = phi.coords(i);
    const Vec3 p = dx * (I.cast<double>() + Vec3::Constant(0.5));
    const double d = (p - c).norm() - R;
    if (std::abs(d) > 4 * dx) continue;
    max_err = std::max(max_err, std::abs(phi[i] - d));
    ++checked;
    EXPECT_EQ(phi[i] < 0, d < 0) << "sign flipped at " << I.transpose();
  }
  EXPECT_GT(checked, 1000);
  // First-order fast marching: error below half a cell in a 4-cell band.
  EXPECT_LT(max_err, 0.4 * dx);
  std::printf("redistance max error in 4-cell band: %.3f dx\n", max_err / dx);
}

TEST(Redistance, FarCellsAreClampedToTheBand) {
  const int n = 24;
  const double dx = 1.0 / n;
  ScalarGrid phi = sphere_field(n, dx, 0.2, 1.0);
  redistance(phi, dx, 3.0);
  for (double v : phi.data()) EXPECT_LE(std::abs(v), 3.0 * dx + 1e-12);
}

TEST(Curvature, SphereHasMeanCurvatureTwoOverR) {
  const int n = 48;
  const double dx = 1.0 / n, R = 0.25;
  ScalarGrid phi(n, n, n, 0.0);
  const Vec3 c = Vec3::Constant(0.5);
  for (int64_t i = 0; i < phi.size(); ++i) {
    const Vec3i I = phi.coords(i);
    phi[i] = (dx * (I.cast<double>() + Vec3::Constant(0.5)) - c).norm() - R;
  }
  const ScalarGrid k = curvature(phi, dx);
  for (int64_t i = 0; i < phi.size(); ++i)
    if (std::abs(phi[i]) < 0.5 * dx) {
      EXPECT_NEAR(k[i], 2.0 / (R + phi[i]), 0.05 * 2.0 / R);
    }
}

TEST(Redistance, RepeatedPassesDoNotMoveTheSurface) {
  // Level-set liquids redistance every step: the zero set must not creep (it once grew a
  // 3-cell droplet by 18 % over 20 passes).
  GridGeometry g{Vec3::Zero(), 1.0 / 40, Vec3i(40, 40, 40)};
  for (double R : {3 * g.dx, 6 * g.dx}) {
    ScalarGrid phi(g.n, 0.0);
    for (int64_t i = 0; i < phi.size(); ++i) {
      const Vec3i I = phi.coords(i);
      phi[i] = (g.cell_center(I.x(), I.y(), I.z()) - Vec3(0.5, 0.51, 0.49)).norm() - R;
    }
    const double v0 = liquid_surface_mesh(phi, g).signed_volume();
    redistance(phi, g.dx, 6.0);
    const double v1 = liquid_surface_mesh(phi, g).signed_volume();
    for (int pass = 1; pass < 20; ++pass) redistance(phi, g.dx, 6.0);
    const double v20 = liquid_surface_mesh(phi, g).signed_volume();
    EXPECT_NEAR(v1 / v0, 1.0, 0.01) << "first pass, R = " << R / g.dx << " dx";
    EXPECT_NEAR(v20 / v1, 1.0, 1e-4) << "drift over 19 more passes, R = " << R / g.dx << " dx";
  }
}
