#include <gtest/gtest.h>

#include <cmath>

#include "ripple/contact/point_triangle_distance.hpp"
#include "ripple/contact/mesh_signed_distance.hpp"
#include "ripple/solid/mesh_generators.hpp"

using namespace ripple;

TEST(MeshSignedDistance, SphereWithinTheBandAndSignedEverywhere) {
  const Vec3 c(0.5, 0.47, 0.52);
  const double r = 0.3, h = 0.02, band = 3 * h;
  const SurfaceGeometry s = sphere_surface(c, r, 4);
  ScalarGrid phi(51, 51, 51, 1e30);
  min_with_mesh_signed_distance(s.vertices, s.triangles, Lattice{Vec3::Zero(), h}, band, phi);
  int checked = 0;
  for (int64_t q = 0; q < phi.size(); ++q) {
    const Vec3i I = phi.coords(q);
    const double exact = (h * I.cast<double>() - c).norm() - r;
    // Within the band: the brute-force distance to the icosphere (whose faces lie up to
    // 1.1e-3 r inside the sphere), signed as the sphere.
    if (std::abs(exact) < band - 2e-3 * r) {
      const Vec3 p = h * I.cast<double>();
      double d = 1e30;
      for (const auto& t : s.triangles)
        d = std::min(d, (p - closest_point_on_triangle(p, s.vertices[t[0]], s.vertices[t[1]], s.vertices[t[2]])).norm());
      if (std::abs(exact) > 2e-3 * r) {
        EXPECT_NEAR(phi[q], exact < 0 ? -d : d, 1e-12) << I.transpose();
      }
      ++checked;
    } else if (exact < -band - h) {
      EXPECT_EQ(phi[q], -band) << I.transpose();
    } else if (exact > band + 2 * h) {
      // Outside the band: clamped to +band inside the window, untouched beyond it.
      EXPECT_TRUE(phi[q] == band || phi[q] == 1e30) << I.transpose() << " " << phi[q];
    }
  }
  EXPECT_GT(checked, 5000);
}

TEST(MeshSignedDistance, GridAlignedBoxKeepsSmallerValuesAndSignsFaceSamplesOnce) {
  // Box faces on lattice planes: samples on a face have distance 0; none inside is positive.
  const SurfaceGeometry b = box_surface(Vec3(0.2, 0.2, 0.2), Vec3(0.6, 0.6, 0.6));
  ScalarGrid phi(9, 9, 9, 1e30);
  phi(0, 0, 0) = -5.0;  // an earlier, smaller value survives (union of solids)
  min_with_mesh_signed_distance(b.vertices, b.triangles, Lattice{Vec3::Zero(), 0.1}, 0.3, phi);
  EXPECT_EQ(phi(0, 0, 0), -5.0);
  for (int k = 0; k < 9; ++k)
    for (int j = 0; j < 9; ++j)
      for (int i = 0; i < 9; ++i) {
        const Vec3 p = 0.1 * Vec3(i, j, k);
        const Vec3 q = (p - Vec3::Constant(0.4)).cwiseAbs() - Vec3::Constant(0.2);
        const double exact = q.cwiseMax(0.0).norm() + std::min(q.maxCoeff(), 0.0);
        if (i == 0 && j == 0 && k == 0) continue;
        EXPECT_NEAR(phi(i, j, k), std::clamp(exact, -0.3, 0.3), 1e-12) << i << " " << j << " " << k;
      }
}
