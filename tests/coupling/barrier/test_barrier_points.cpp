// Where the solids feel the liquid: vertices (Liu et al. 2025), plus edge midpoints and face
// centroids, each a fixed convex combination of its vertices.
#include <gtest/gtest.h>

#include "../../solid/solid_fixtures.hpp"
#include "ripple/coupling/barrier/barrier_points.hpp"
#include "ripple/solid/solid_builder.hpp"

namespace ripple {
namespace {

/// A 3 x 3 cloth (4 quads, 8 triangles, 16 edges) 1 mm thick beside a 2-vertex rod of radius 2 mm.
SolidModel cloth_and_rod() {
  SolidModelBuilder b;
  ShellMaterial shell;
  shell.thickness = 1e-3;
  const auto cloth = test::cloth_grid(3, 0.1, 0.5, 0.2, 0.2);
  b.add_shell("cloth", cloth.x, cloth.triangles, shell);
  RodMaterial rod;
  rod.radius = 2e-3;
  b.add_rod("rod", {Vec3(0.0, 0.0, 0.0), Vec3(0.1, 0.0, 0.0)}, {{0, 1}}, rod);
  return b.build();
}

TEST(BarrierPoints, VerticesThenEdgeMidpointsThenCentroids) {
  const SolidModel m = cloth_and_rod();
  const CollisionMesh& mesh = m.collision;
  ASSERT_EQ(mesh.num_vertices, 11);
  const auto vertices = barrier_points(mesh, {}, BarrierSampling::vertices);
  const auto edges = barrier_points(mesh, {}, BarrierSampling::edges);
  const auto triangles = barrier_points(mesh, {}, BarrierSampling::triangles);
  EXPECT_EQ(vertices.size(), 11u);
  EXPECT_EQ(edges.size(), 11u + mesh.edges.size());
  EXPECT_EQ(triangles.size(), 11u + mesh.edges.size() + mesh.faces.size());
  EXPECT_EQ(mesh.edges.size(), 16u + 1u);
  EXPECT_EQ(mesh.faces.size(), 8u);
  const VectorX x = m.positions(m.rest_coordinates());
  for (size_t i = 0; i < triangles.size(); ++i) {
    const BarrierPoint& p = triangles[i];
    double sum = 0.0, r = 0.0;
    Vec3 mean = Vec3::Zero();
    for (int k = 0; k < p.count; ++k) {
      sum += p.weight[k];
      r += mesh.thickness[p.vertex[k]] / p.count;
      mean += x.segment<3>(3 * p.vertex[k]) / p.count;
    }
    EXPECT_NEAR(sum, 1.0, 1e-15) << i;
    EXPECT_NEAR(p.thickness, r, 1e-15) << i;
    EXPECT_LT((point_position(p, x) - mean).norm(), 1e-15) << i;  // midpoint / centroid
    EXPECT_EQ(p.count, i < 11 ? 1 : i < 28 ? 2 : 3) << i;
  }
  EXPECT_DOUBLE_EQ(triangles[27].thickness, 2e-3);  // the rod's edge: its radius
}

TEST(BarrierPoints, OnlyCoupledVerticesAndTheEdgesAndFacesWhollyOnThem) {
  const SolidModel m = cloth_and_rod();
  std::vector<uint8_t> coupled(11, 1);
  coupled[9] = coupled[10] = 0;  // the rod is an obstacle
  coupled[0] = 0;                // and one corner of the cloth
  const auto points = barrier_points(m.collision, coupled, BarrierSampling::triangles);
  for (const BarrierPoint& p : points)
    for (int k = 0; k < p.count; ++k) EXPECT_TRUE(coupled[p.vertex[k]]) << p.vertex[k];
  // Corner 0 lies on 2 edges and 1 triangle of the 3 x 3 grid (the diagonal runs away from it)
  // or on 3 edges and 2 triangles (the diagonal starts at it).
  const size_t all = 11 + m.collision.edges.size() + m.collision.faces.size();
  EXPECT_TRUE(points.size() == all - 3 - 1 - 2 - 1 || points.size() == all - 3 - 1 - 3 - 2) << points.size();
  EXPECT_EQ(vertices_of(points, {0, 1}), (std::vector<int>{1, 2}));
}

}  // namespace
}  // namespace ripple
