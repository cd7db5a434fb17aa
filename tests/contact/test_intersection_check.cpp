// The intersection count behind `intersecting_pairs`: proper crossings are found, touching
// and coplanar configurations (a folded sheet's own edges and faces) are not.
#include <gtest/gtest.h>

#include <cmath>

#include "ripple/contact/intersection_check.hpp"

namespace ripple {
namespace {

TEST(IntersectionCheck, SegmentTrianglePredicate) {
  const Vec3 a(0, 0, 0), b(1, 0, 0), c(0, 0, 1);
  EXPECT_TRUE(segment_crosses_triangle(Vec3(0.2, 1, 0.2), Vec3(0.2, -1, 0.2), a, b, c));
  EXPECT_FALSE(segment_crosses_triangle(Vec3(2, 1, 2), Vec3(2, -1, 2), a, b, c));   // beside
  EXPECT_FALSE(segment_crosses_triangle(Vec3(0.2, 1, 0.2), Vec3(0.2, 0, 0.2), a, b, c));  // touching
  EXPECT_FALSE(segment_crosses_triangle(Vec3(-1, 0, 0.3), Vec3(2, 0, 0.3), a, b, c));  // coplanar
}

TEST(IntersectionCheck, FoldedSheetHasNoSelfCrossingsButAPiercingEdgeCounts) {
  // A zig-zag sheet (tilted panels, so its coplanar neighbours carry round-off).
  CollisionMesh mesh;
  const int nx = 13, nz = 6;
  VectorX x(3 * nx * nz + 6);
  for (int i = 0; i < nx; ++i)
    for (int j = 0; j < nz; ++j) {
      const int v = i * nz + j;
      x.segment<3>(3 * v) = Vec3(0.0123 * i, (i % 2) * 0.0071 + 1e-3 * std::sin(0.3 * j), 0.0117 * j);
    }
  for (int i = 0; i + 1 < nx; ++i)
    for (int j = 0; j + 1 < nz; ++j) {
      const int a = i * nz + j, b = (i + 1) * nz + j, c = (i + 1) * nz + j + 1, d = i * nz + j + 1;
      mesh.faces.push_back({a, d, c});
      mesh.faces.push_back({a, c, b});
      mesh.edges.push_back({a, b});
      mesh.edges.push_back({a, d});
      mesh.edges.push_back({a, c});
    }
  const int n = nx * nz;
  mesh.num_vertices = n + 2;
  mesh.body.assign(n + 2, 0);
  mesh.body[n] = mesh.body[n + 1] = 1;
  mesh.thickness.assign(n + 2, 0.0);
  mesh.self_contact = {1, 1};
  mesh.fixed.assign(n + 2, 0);
  // A separate edge far above: no crossing.
  x.segment<3>(3 * n) = Vec3(0.05, 0.5, 0.03);
  x.segment<3>(3 * n + 3) = Vec3(0.05, 0.3, 0.03);
  mesh.edges.push_back({n, n + 1});
  EXPECT_EQ(count_intersecting_pairs(mesh, x), 0);
  // Pushed through the sheet: one edge crosses one triangle.
  x.segment<3>(3 * n + 3) = Vec3(0.05, -0.3, 0.03);
  EXPECT_EQ(count_intersecting_pairs(mesh, x), 1);
}

}  // namespace
}  // namespace ripple
