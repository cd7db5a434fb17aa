// Volume geometries and starts added for the cut-cell scenes: hollow balls (inner_radius),
// bodies filled from a closed OBJ surface, and volumes that start deformed (initial_scale).
#include <gtest/gtest.h>

#include <cmath>

#include "../test_support.hpp"
#include "ripple/world/solid_world.hpp"

using namespace ripple;
using nlohmann::json;

namespace {

json scene_with(const json& volume) {
  json j = test::small_scene();
  j["solids"] = json::array({volume});
  return j;
}

double tet_volume(const std::vector<Vec3>& x, const std::array<int, 4>& t) {
  return (x[t[1]] - x[t[0]]).dot((x[t[2]] - x[t[0]]).cross(x[t[3]] - x[t[0]])) / 6.0;
}

}  // namespace

TEST(VolumeGeometry, HollowBallKeepsOnlyItsWall) {
  const Vec3 c(0.3, 0.2, 0.05);
  const json ball = json::parse(R"({"type": "volume", "geometry": {"type": "sphere", "center": [0.3, 0.2, 0.05],
                                    "radius": 0.04, "inner_radius": 0.025, "resolution": 10}})");
  const Scene s = test::scene_from(scene_with(ball));
  const LagrangianSolidDesc& d = s.lagrangian_solids[0];
  double volume = 0.0;
  std::vector<uint8_t> used(d.vertices.size(), 0);
  for (const auto& t : d.tets) {
    const Vec3 centroid = 0.25 * (d.vertices[t[0]] + d.vertices[t[1]] + d.vertices[t[2]] + d.vertices[t[3]]);
    EXPECT_GE((centroid - c).norm(), 0.025);
    EXPECT_GT(tet_volume(d.vertices, t), 0.0);
    volume += tet_volume(d.vertices, t);
    for (int v : t) used[v] = 1;
  }
  for (uint8_t u : used) EXPECT_EQ(u, 1);  // no vertex left without a tetrahedron (it would have no mass)
  const double shell = 4.0 / 3.0 * M_PI * (std::pow(0.04, 3) - std::pow(0.025, 3));
  EXPECT_NEAR(volume, shell, 0.15 * shell);  // the hollow's wall follows the tetrahedra
  json bad = ball;
  bad["geometry"]["inner_radius"] = 0.04;
  EXPECT_NE(test::input_error_of(scene_with(bad)).find("/solids/0/geometry/inner_radius: must be smaller than radius"),
            std::string::npos)
      << test::input_error_of(scene_with(bad));
}

TEST(VolumeGeometry, ClosedObjIsFilledAndAnOpenOneRefused) {
  const auto dir = test::temp_dir("volume_obj");
  const char* cube = "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1\n"
                     "f 1 4 3 2\nf 5 6 7 8\nf 1 2 6 5\nf 4 8 7 3\nf 1 5 8 4\nf 2 3 7 6\n";
  test::write_text(dir / "cube.obj", cube);
  json v = json::parse(R"({"type": "volume", "geometry": {"type": "mesh", "file": "cube.obj", "scale": 0.04,
                           "translate": [0.28, 0.18, 0.03], "resolution": 4}})");
  const Scene s = test::scene_from(scene_with(v), dir.string());
  double volume = 0.0;
  for (const auto& t : s.lagrangian_solids[0].tets) volume += tet_volume(s.lagrangian_solids[0].vertices, t);
  EXPECT_NEAR(volume, std::pow(0.04, 3), 1e-12);  // a cube on the lattice is filled exactly
  test::write_text(dir / "open.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\n");
  v["geometry"]["file"] = "open.obj";
  EXPECT_NE(test::input_error_of(scene_with(v), dir.string()).find("not a closed 2-manifold"), std::string::npos);
}

TEST(VolumeGeometry, InitialScaleStartsSqueezedAboutTheCentroid) {
  json cube = json::parse(R"({"type": "volume", "initial_scale": 0.5,
                              "geometry": {"type": "box", "min": [0.26, 0.16, 0.01], "max": [0.34, 0.24, 0.09],
                                           "resolution": 2}})");
  const Scene s = test::scene_from(scene_with(cube));
  const auto world = build_solid_world(s);
  const SolidModel& m = world->model;
  const SolidBodyInfo& b = m.bodies[world->scene_bodies[0]];
  const Vec3 c(0.3, 0.2, 0.05);
  for (int v = b.first_vertex; v < b.first_vertex + b.num_vertices; ++v) {
    const Vec3 rest = m.rest_positions.segment<3>(3 * v), x = world->state.z.segment<3>(m.vertex_dof[v]);
    EXPECT_LT((x - (c + 0.5 * (rest - c))).norm(), 1e-12);
  }
}
