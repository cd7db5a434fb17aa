// Output meshes of Lagrangian solids: a rod is one closed tube (no open edge, no repeated
// vertex, one connected piece, positive volume), and a volume body's surface holds only the
// vertices its triangles use.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "../test_support.hpp"
#include "ripple/solid/mesh_generators.hpp"
#include "ripple/world/rod_tube.hpp"
#include "ripple/world/solid_world.hpp"

namespace ripple {
namespace {

/// Pairs of vertices closer than `tol` (m).
int duplicate_vertices(const TriangleMesh& m, double tol = 1e-9) {
  std::vector<int> order(m.vertices.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) { return m.vertices[a].x() < m.vertices[b].x(); });
  int n = 0;
  for (size_t i = 0; i < order.size(); ++i)
    for (size_t j = i + 1; j < order.size() && m.vertices[order[j]].x() - m.vertices[order[i]].x() <= tol; ++j)
      if ((m.vertices[order[i]] - m.vertices[order[j]]).norm() <= tol) ++n;
  return n;
}

int unreferenced_vertices(const TriangleMesh& m) {
  std::vector<char> used(m.vertices.size(), 0);
  for (const auto& t : m.triangles)
    for (int k = 0; k < 3; ++k) used[t[k]] = 1;
  return static_cast<int>(std::count(used.begin(), used.end(), 0));
}

/// Connected pieces of the triangles (sharing a vertex joins them).
int pieces(const TriangleMesh& m) {
  std::vector<int> parent(m.vertices.size());
  std::iota(parent.begin(), parent.end(), 0);
  auto find = [&](int v) {
    while (parent[v] != v) v = parent[v] = parent[parent[v]];
    return v;
  };
  for (const auto& t : m.triangles) {
    parent[find(t[1])] = find(t[0]);
    parent[find(t[2])] = find(t[0]);
  }
  int n = 0;
  for (size_t v = 0; v < m.vertices.size(); ++v) n += find(static_cast<int>(v)) == static_cast<int>(v);
  return n;
}

void expect_one_closed_piece(const TriangleMesh& m) {
  ASSERT_FALSE(m.empty());
  EXPECT_EQ(m.boundary_or_nonmanifold_edges(), 0);
  EXPECT_EQ(duplicate_vertices(m), 0);
  EXPECT_EQ(unreferenced_vertices(m), 0);
  EXPECT_EQ(pieces(m), 1);
  EXPECT_GT(m.signed_volume(), 0.0);  // outward-oriented
}

TEST(RodTube, PolylineIsOneClosedTubeWithSharedRings) {
  const CurveGeometry c = polyline({Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(1, 1, 0.5)}, 10);
  const double r = 0.01;
  const TriangleMesh m = rod_tube_mesh(c.vertices, c.edges, r);
  expect_one_closed_piece(m);
  // One ring of 3 per rod vertex and one cap centre per end; 6 side triangles per edge.
  EXPECT_EQ(m.vertices.size(), 3 * c.vertices.size() + 2);
  EXPECT_EQ(m.triangles.size(), 6 * c.edges.size() + 6);
  // The enclosed volume is a triangular prism of the rod's length: the bend is mitred.
  const double length = 1.0 + std::sqrt(1.25), prism = 3.0 * std::sqrt(3.0) / 4.0 * r * r * length;
  EXPECT_NEAR(m.signed_volume(), prism, 1e-6 * prism);
}

TEST(RodTube, SpiderWebWithJunctionsIsOneClosedPiece) {
  const CurveGeometry c = spider_web(Vec3(0, 0, 0), Vec3(0, 1, 0), 0.3, 12, 6, 3);
  const TriangleMesh m = rod_tube_mesh(c.vertices, c.edges, 0.001);
  expect_one_closed_piece(m);
}

TEST(RodTube, LoopIsClosedWithoutCaps) {
  std::vector<Vec3> x;
  std::vector<std::array<int, 2>> edges;
  const int n = 17;
  for (int i = 0; i < n; ++i) {
    const double a = 2.0 * M_PI * i / n;
    x.push_back(Vec3(std::cos(a), 0.3 * std::sin(2 * a), std::sin(a)));  // a bent, non-planar loop
    edges.push_back({i, (i + 1) % n});
  }
  const TriangleMesh m = rod_tube_mesh(x, edges, 0.02);
  expect_one_closed_piece(m);
  EXPECT_EQ(m.vertices.size(), 3u * n);
}

TEST(RodTube, RodBodySurfaceInASceneIsOneClosedTube) {
  auto j = test::small_scene();
  j["fluid"]["regions"] = nlohmann::json::array();
  j["solids"] = {{{"type", "rod"},
                  {"name", "web"},
                  {"geometry", {{"type", "web"}, {"center", {0.2, 0.15, 0.05}}, {"normal", {0, 1, 0}}, {"radius", 0.04},
                                {"spokes", 8}, {"rings", 3}, {"segments", 2}}},
                  {"radius", 0.001}}};
  const Scene s = test::scene_from(j);
  const auto w = build_solid_world(s);
  const VectorX x = w->model.positions(w->state.z);
  expect_one_closed_piece(body_surface(w->model, w->scene_bodies[0], x, s));
}

TEST(BodySurface, VolumeBodyHoldsOnlyItsSurfaceVertices) {
  auto j = test::small_scene();
  j["fluid"]["regions"] = nlohmann::json::array();
  j["solids"] = {{{"type", "volume"},
                  {"name", "jelly"},
                  {"geometry", {{"type", "box"}, {"min", {0.1, 0.1, 0.02}}, {"max", {0.2, 0.2, 0.08}}, {"resolution", 4}}}}};
  const Scene s = test::scene_from(j);
  const auto w = build_solid_world(s);
  const VectorX x = w->model.positions(w->state.z);
  const TriangleMesh m = body_surface(w->model, w->scene_bodies[0], x, s);
  expect_one_closed_piece(m);
  EXPECT_LT(m.vertices.size(), static_cast<size_t>(w->model.bodies[w->scene_bodies[0]].num_vertices));
  EXPECT_NEAR(m.signed_volume(), 0.1 * 0.1 * 0.06, 1e-9);
}

}  // namespace
}  // namespace ripple
