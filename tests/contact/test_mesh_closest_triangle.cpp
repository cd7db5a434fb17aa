// The exact distance to a mesh near a lattice: a turned box's signed distance, exact (to
// round-off) within 1.5 samples of its faces, edges and corners, with the right sign everywhere.
#include <gtest/gtest.h>

#include "ripple/contact/mesh_closest_triangle.hpp"
#include "ripple/core/triangle_mesh.hpp"

namespace ripple {
namespace {

TEST(MeshClosestTriangles, ATurnedBoxIsExactNearItsSurfaceAndSignedEverywhere) {
  const Vec3 half(0.015, 0.04, 0.03);
  TriangleMesh m = box_mesh(-half, half);
  const Mat3 R = Eigen::AngleAxisd(0.2, Vec3(0.3, 1.0, 0.1).normalized()).toRotationMatrix();
  for (auto& v : m.vertices) v = R * v;
  std::vector<std::array<int, 3>> t;
  for (const auto& f : m.triangles) t.push_back({f[0], f[1], f[2]});
  const double h = 0.005, band = 4 * h;
  const Vec3i n = (((m.bounds().hi - m.bounds().lo) / h).array().ceil().cast<int>() + 9).matrix();
  const MeshClosestTriangles closest(m.vertices, t, Lattice{m.bounds().lo - Vec3::Constant(band), h}, n, band);
  int64_t near = 0, wrong = 0, wrong_sign = 0;
  for (double x = -0.045; x <= 0.045; x += 0.0013)
    for (double y = -0.065; y <= 0.065; y += 0.0017)
      for (double z = -0.055; z <= 0.055; z += 0.0015) {
        const Vec3 p(x, y, z);
        const Vec3 q = (R.transpose() * p).cwiseAbs() - half;
        const double exact = q.cwiseMax(0.0).norm() + std::min(q.maxCoeff(), 0.0);
        // The sampled distance a trilinear lattice would give: here the exact one, rounded
        // off by up to 0.3 h the way interpolation rounds off an edge.
        const double sampled = exact + 0.3 * h * std::sin(1e3 * x + 7e2 * y);
        const double d = closest.signed_distance(p, sampled);
        wrong_sign += (d < 0.0) != (exact < 0.0) && exact != 0.0;
        if (std::abs(exact) < 1.5 * h) {
          ++near;
          wrong += std::abs(d - exact) > 1e-12;
        }
      }
  EXPECT_GT(near, 10000);
  EXPECT_EQ(wrong, 0) << "of " << near << " points within 1.5 samples";
  EXPECT_EQ(wrong_sign, 0);
}

}  // namespace
}  // namespace ripple
