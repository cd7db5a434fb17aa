// Taubin smoothing of the exported surface (src/ripple/grid/surface_smoothing.hpp): it must
// make a faceted sphere rounder without shrinking it, keep the mesh closed, and leave a tank
// filled wall to wall exactly as it is.
#include <gtest/gtest.h>

#include <cmath>

#include "ripple/grid/marching_tetrahedra.hpp"
#include "ripple/grid/surface_smoothing.hpp"

using namespace ripple;

namespace {

Aabb box_of(const GridGeometry& g) {
  Aabb b;
  b.extend(g.origin);
  b.extend(g.upper());
  return b;
}

// RMS of |x - c| - R over the vertices.
double radius_rms_error(const TriangleMesh& m, const Vec3& c, double R) {
  double s = 0.0;
  for (const Vec3& x : m.vertices) s += std::pow((x - c).norm() - R, 2);
  return std::sqrt(s / static_cast<double>(m.vertices.size()));
}

}  // namespace

TEST(SurfaceSmoothing, SphereGetsRounderWithoutShrinking) {
  GridGeometry g{Vec3::Zero(), 1.0 / 32, Vec3i(32, 32, 32)};
  const double R = 6 * g.dx;
  const Vec3 c(0.51, 0.49, 0.5);
  ScalarGrid phi(g.n, 0.0);
  for (int64_t i = 0; i < phi.size(); ++i) {
    const Vec3i I = phi.coords(i);
    // A sphere with cell-scale bumps, like a particle level set's.
    const Vec3 x = g.cell_center(I.x(), I.y(), I.z());
    phi[i] = (x - c).norm() - R + 0.15 * g.dx * std::sin(2 * M_PI * x.x() / g.dx * 0.5) *
                                      std::sin(2 * M_PI * x.y() / g.dx * 0.5);
  }
  TriangleMesh m = liquid_surface_mesh(phi, g);
  const double v0 = m.signed_volume(), e0 = radius_rms_error(m, c, R);
  taubin_smooth(m, 5, box_of(g));
  const double v1 = m.signed_volume(), e1 = radius_rms_error(m, c, R);
  std::printf("sphere R = 6 dx: radius RMS error %.3f dx -> %.3f dx, volume %+.2f %%\n", e0 / g.dx, e1 / g.dx,
              100 * (v1 - v0) / v0);
  EXPECT_EQ(m.boundary_or_nonmanifold_edges(), 0);
  EXPECT_LT(e1, 0.75 * e0);
  EXPECT_NEAR(v1, v0, 0.01 * v0);
}

TEST(SurfaceSmoothing, TankFilledWallToWallIsUnchanged) {
  GridGeometry g{Vec3(-1, 0, 2), 0.1, Vec3i(10, 10, 6)};
  ScalarGrid phi(g.n, 0.0);
  const double h = 0.437;
  for (int64_t i = 0; i < phi.size(); ++i) {
    const Vec3i I = phi.coords(i);
    phi[i] = g.cell_center(I.x(), I.y(), I.z()).y() - h;
  }
  TriangleMesh m = liquid_surface_mesh(phi, g);
  taubin_smooth(m, 20, box_of(g));
  EXPECT_EQ(m.boundary_or_nonmanifold_edges(), 0);
  EXPECT_NEAR(m.signed_volume(), 1.0 * h * 0.6, 1e-9);
  const Aabb b = m.bounds();
  EXPECT_NEAR(b.lo.x(), -1.0, 1e-9);
  EXPECT_NEAR(b.hi.x(), 0.0, 1e-9);
  EXPECT_NEAR(b.lo.y(), 0.0, 1e-9);
  EXPECT_NEAR(b.hi.y(), h, 1e-9);
}
