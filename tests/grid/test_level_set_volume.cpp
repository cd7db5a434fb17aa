#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "ripple/grid/level_set_volume.hpp"
#include "ripple/grid/marching_tetrahedra.hpp"

using namespace ripple;

namespace {

ScalarGrid sphere(const GridGeometry& g, const Vec3& centre, double radius) {
  ScalarGrid phi(g.n, 0.0);
  for (int64_t i = 0; i < phi.size(); ++i) {
    const Vec3i I = phi.coords(i);
    phi[i] = (g.cell_center(I.x(), I.y(), I.z()) - centre).norm() - radius;
  }
  return phi;
}

}  // namespace

TEST(LevelSetVolume, TetFractionMatchesSampling) {
  // Every sign pattern of a linear function on the reference tetrahedron, against the share
  // of a fixed set of uniformly drawn points where it is negative.
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(0.0, 1.0), value(-1.0, 1.0);
  std::vector<std::array<double, 4>> points;  // barycentric
  while (points.size() < 200000) {
    const double a = u(rng), b = u(rng), c = u(rng);
    if (a + b + c <= 1.0) points.push_back({1.0 - a - b - c, a, b, c});
  }
  for (int trial = 0; trial < 40; ++trial) {
    std::array<double, 4> phi;
    for (double& p : phi) p = value(rng);
    phi[trial % 4] = trial % 2 ? -std::abs(phi[trial % 4]) : std::abs(phi[trial % 4]);
    int inside = 0;
    for (const auto& w : points) inside += w[0] * phi[0] + w[1] * phi[1] + w[2] * phi[2] + w[3] * phi[3] < 0.0;
    EXPECT_NEAR(negative_fraction_of_tet(phi), double(inside) / points.size(), 4e-3) << trial;
  }
  EXPECT_EQ(negative_fraction_of_tet({1, 2, 3, 4}), 0.0);
  EXPECT_EQ(negative_fraction_of_tet({-1, -2, -3, -4}), 1.0);
  EXPECT_NEAR(negative_fraction_of_tet({-1, 1, 1, 1}), 0.125, 1e-15);  // half of each edge
  EXPECT_NEAR(negative_fraction_of_tet({-1, -1, 1, 1}), 0.5, 1e-15);   // symmetric split
}

TEST(LevelSetVolume, EqualsTheExportedSurfacesVolume) {
  // The measure is the unsmoothed marching-tetrahedra surface's volume, walls included.
  GridGeometry g{Vec3(0.1, 0, 0), 0.01, Vec3i(20, 16, 12)};
  ScalarGrid phi = sphere(g, Vec3(0.2, 0.05, 0.06), 0.055);  // cut by the floor and a side
  for (int64_t i = 0; i < phi.size(); ++i)
    phi[i] = std::min(phi[i], g.cell_center(phi.coords(i).x(), phi.coords(i).y(), phi.coords(i).z()).y() - 0.023);
  const double mesh = liquid_surface_mesh(phi, g).signed_volume();
  EXPECT_GT(mesh, 0.0);
  EXPECT_NEAR(liquid_volume(phi, g), mesh, 1e-12 * mesh);
}

TEST(LevelSetVolume, SphereOfSixCells) {
  // A drop of 6 cells' radius: 1.4 % below 4/3 pi R^3 (the linear pieces cut inside a convex
  // surface), where the Heaviside of width one cell counts pi^2 / (4 k^2 R^2) = 7 % more.
  GridGeometry g{Vec3::Zero(), 0.002, Vec3i(24, 24, 24)};
  const double R = 0.012, exact = 4.0 / 3.0 * M_PI * R * R * R;
  const ScalarGrid phi = sphere(g, Vec3(0.0241, 0.0237, 0.0243), R);
  EXPECT_NEAR(liquid_volume(phi, g), exact, 0.02 * exact);
  EXPECT_LT(liquid_volume(phi, g), exact);
}

TEST(LevelSetVolume, EachComponentGetsItsOwnLiquid) {
  GridGeometry g{Vec3::Zero(), 0.01, Vec3i(30, 12, 12)};
  const ScalarGrid a = sphere(g, Vec3(0.07, 0.06, 0.06), 0.035), b = sphere(g, Vec3(0.22, 0.06, 0.06), 0.025);
  ScalarGrid phi(g.n, 0.0);
  Array3<int> label(g.n.x(), g.n.y(), g.n.z(), -1);
  for (int64_t i = 0; i < phi.size(); ++i) {
    phi[i] = std::min(a[i], b[i]);
    const Vec3i I = phi.coords(i);
    if (phi[i] < 0.02) label(I.x(), I.y(), I.z()) = a[i] < b[i] ? 0 : 1;
  }
  const std::vector<double> v = liquid_volumes_by_label(phi, g, label, 2);
  ASSERT_EQ(v.size(), 2u);
  EXPECT_NEAR(v[0], liquid_volume(a, g), 1e-12);
  EXPECT_NEAR(v[1], liquid_volume(b, g), 1e-12);
  EXPECT_GT(v[0], 2.0 * v[1]);
}
