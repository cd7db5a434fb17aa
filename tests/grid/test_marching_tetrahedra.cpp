#include <gtest/gtest.h>

#include <cmath>

#include "ripple/grid/marching_tetrahedra.hpp"

using namespace ripple;

TEST(MarchingTetrahedra, SphereIsWatertightWithAccurateVolume) {
  GridGeometry g{Vec3::Zero(), 1.0 / 32, Vec3i(32, 32, 32)};
  const double R = 8 * g.dx;
  ScalarGrid phi(g.n, 0.0);
  for (int64_t i = 0; i < phi.size(); ++i) {
    const Vec3i I = phi.coords(i);
    phi[i] = (g.cell_center(I.x(), I.y(), I.z()) - Vec3(0.51, 0.49, 0.5)).norm() - R;
  }
  const TriangleMesh m = liquid_surface_mesh(phi, g);
  EXPECT_EQ(m.boundary_or_nonmanifold_edges(), 0);
  const double exact = 4.0 / 3.0 * M_PI * R * R * R;
  EXPECT_NEAR(m.signed_volume(), exact, 0.02 * exact);
}

TEST(MarchingTetrahedra, LiquidTouchingWallsIsClosedOnTheWalls) {
  GridGeometry g{Vec3(-1, 0, 2), 0.1, Vec3i(10, 10, 6)};
  ScalarGrid phi(g.n, 0.0);
  const double h = 0.437;  // water depth (m) in a tank filled wall to wall
  for (int64_t i = 0; i < phi.size(); ++i) {
    const Vec3i I = phi.coords(i);
    phi[i] = g.cell_center(I.x(), I.y(), I.z()).y() - h;
  }
  const TriangleMesh m = liquid_surface_mesh(phi, g);
  EXPECT_EQ(m.boundary_or_nonmanifold_edges(), 0);
  const double exact = 1.0 * h * 0.6;
  EXPECT_NEAR(m.signed_volume(), exact, 1e-9);
  const Aabb b = m.bounds();
  EXPECT_NEAR(b.lo.x(), -1.0, 1e-9);
  EXPECT_NEAR(b.hi.x(), 0.0, 1e-9);
  EXPECT_NEAR(b.hi.y(), h, 1e-9);
}

TEST(MarchingTetrahedra, EmptyFieldGivesEmptyMesh) {
  GridGeometry g{Vec3::Zero(), 0.1, Vec3i(4, 4, 4)};
  ScalarGrid phi(g.n, 1.0);
  EXPECT_TRUE(liquid_surface_mesh(phi, g).empty());
}
