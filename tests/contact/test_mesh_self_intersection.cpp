// A closed surface that crosses itself is found (two overlapping cubes in one mesh, a sphere
// with a vertex pushed through), with the same first pair as testing every pair; touching
// neighbours and separate parts are not crossings.
#include <gtest/gtest.h>

#include "ripple/contact/intersection_check.hpp"
#include "ripple/contact/mesh_self_intersection.hpp"
#include "ripple/solid/mesh_generators.hpp"

namespace ripple {
namespace {

TriangleMesh two_cubes(const Vec3& shift) {
  TriangleMesh m = box_mesh(Vec3(0, 0, 0), Vec3(1, 1, 1));
  const TriangleMesh b = box_mesh(shift, shift + Vec3(1, 1, 1));
  const int n = static_cast<int>(m.vertices.size());
  m.vertices.insert(m.vertices.end(), b.vertices.begin(), b.vertices.end());
  for (const auto& t : b.triangles) m.triangles.push_back(t + Eigen::Vector3i::Constant(n));
  return m;
}

TriangleMesh sphere(int subdivisions) {
  const SurfaceGeometry g = sphere_surface(Vec3(0, 0, 0), 1.0, subdivisions);
  TriangleMesh m;
  m.vertices = g.vertices;
  for (const auto& t : g.triangles) m.triangles.push_back({t[0], t[1], t[2]});
  return m;
}

/// The oracle: every pair of triangles that share no vertex.
std::optional<std::array<int, 2>> first_by_every_pair(const TriangleMesh& m) {
  const int n = static_cast<int>(m.triangles.size());
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b) {
      const auto &ta = m.triangles[a], &tb = m.triangles[b];
      bool shared = false;
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) shared = shared || ta[i] == tb[j];
      if (!shared && triangles_cross(m.vertices[ta[0]], m.vertices[ta[1]], m.vertices[ta[2]], m.vertices[tb[0]],
                                     m.vertices[tb[1]], m.vertices[tb[2]]))
        return std::array<int, 2>{a, b};
    }
  return std::nullopt;
}

TEST(MeshSelfIntersection, TriangleCrossingPredicate) {
  const Vec3 a0(0, 0, 0), a1(1, 0, 0), a2(0, 1, 0);
  EXPECT_TRUE(triangles_cross(a0, a1, a2, Vec3(0.2, 0.2, -1), Vec3(0.2, 0.2, 1), Vec3(0.3, -1, 0)));
  // Crossing through the middle of both, no vertex of either inside the other.
  EXPECT_TRUE(triangles_cross(Vec3(-1, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0.3, -1), Vec3(0, 0.3, 1),
                              Vec3(0, 5, 0)));
  EXPECT_FALSE(triangles_cross(a0, a1, a2, Vec3(0, 0, 1), Vec3(1, 0, 1), Vec3(0, 1, 1)));    // parallel
  EXPECT_FALSE(triangles_cross(a0, a1, a2, Vec3(0.2, 0.2, 0), Vec3(1, 1, 1), Vec3(0, 1, 1)));  // touching
}

TEST(MeshSelfIntersection, OverlappingCubesAreFoundAndMatchEveryPair) {
  const TriangleMesh m = two_cubes(Vec3(0.5, 0.3, 0.2));
  const auto pair = first_self_intersection(m);
  ASSERT_TRUE(pair.has_value());
  EXPECT_LT((*pair)[0], 12);  // one triangle of each cube
  EXPECT_GE((*pair)[1], 12);
  EXPECT_EQ(pair, first_by_every_pair(m));
}

TEST(MeshSelfIntersection, ClosedSurfacesAndSeparatePartsPass) {
  EXPECT_FALSE(first_self_intersection(box_mesh(Vec3(0, 0, 0), Vec3(1, 2, 3))).has_value());
  EXPECT_FALSE(first_self_intersection(sphere(4)).has_value());
  EXPECT_FALSE(first_self_intersection(two_cubes(Vec3(1.5, 0, 0))).has_value());  // apart
  EXPECT_FALSE(first_self_intersection(two_cubes(Vec3(1.0, 0, 0))).has_value());  // face to face: touching
}

TEST(MeshSelfIntersection, VertexPushedThroughASphereMatchesEveryPair) {
  TriangleMesh m = sphere(3);  // 1280 triangles
  m.vertices[0] = -1.5 * m.vertices[0];  // pulled through the centre and out of the far side
  m.vertices[7] *= 1.8;                  // a spike that stays simple elsewhere
  const auto pair = first_self_intersection(m);
  ASSERT_TRUE(pair.has_value());
  EXPECT_EQ(pair, first_by_every_pair(m));
}

TEST(MeshSelfIntersection, LargeMeshWithABigTriangle) {
  // 20480 small triangles and a large triangle cutting through the sphere: the big one is
  // tested against every triangle, the rest through the grid.
  TriangleMesh m = sphere(5);
  const int n = static_cast<int>(m.vertices.size());
  m.vertices.push_back(Vec3(-5, 0.01, -5));
  m.vertices.push_back(Vec3(5, 0.01, -5));
  m.vertices.push_back(Vec3(0, 0.01, 5));
  m.triangles.push_back({n, n + 2, n + 1});
  const auto pair = first_self_intersection(m);
  ASSERT_TRUE(pair.has_value());
  EXPECT_EQ((*pair)[1], static_cast<int>(m.triangles.size()) - 1);
  m.triangles.pop_back();
  EXPECT_FALSE(first_self_intersection(m).has_value());
}

}  // namespace
}  // namespace ripple
