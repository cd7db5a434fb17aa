// Generated meshes: the tetrahedralised ball is positively oriented everywhere, fills the
// ball's volume and puts its boundary on the sphere.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <numbers>

#include "ripple/solid/mesh_generators.hpp"

namespace ripple {
namespace {

double signed_volume(const TetGeometry& g, const std::array<int, 4>& t) {
  const Vec3& a = g.vertices[t[0]];
  return (g.vertices[t[1]] - a).dot((g.vertices[t[2]] - a).cross(g.vertices[t[3]] - a)) / 6.0;
}

TEST(MeshGenerators, TetBoxFillsTheBoxPositively) {
  const TetGeometry g = tet_box(Vec3(0, 0, 0), Vec3(2, 1, 1), 4);
  double v = 0.0;
  for (const auto& t : g.tets) {
    ASSERT_GT(signed_volume(g, t), 0.0);
    v += signed_volume(g, t);
  }
  EXPECT_NEAR(v, 2.0, 1e-12);
  EXPECT_EQ(g.tets.size(), 6u * 4 * 2 * 2);
}

TEST(MeshGenerators, TetSphereIsPositiveAndRound) {
  const Vec3 c(0.1, 0.5, -0.2);
  const double r = 0.3;
  for (int n : {1, 2, 3, 6, 12}) {
    const TetGeometry g = tet_sphere(c, r, n);
    double v = 0.0, smallest = INFINITY;
    for (const auto& t : g.tets) {
      v += signed_volume(g, t);
      smallest = std::min(smallest, signed_volume(g, t));
    }
    ASSERT_GT(smallest, 0.0) << "resolution " << n;
    // Boundary faces (owned by one tet) lie on the sphere; every vertex is inside it.
    std::map<std::array<int, 3>, int> faces;
    for (const auto& t : g.tets)
      for (int skip = 0; skip < 4; ++skip) {
        std::array<int, 3> f;
        for (int k = 0, m = 0; k < 4; ++k)
          if (k != skip) f[m++] = t[k];
        std::sort(f.begin(), f.end());
        ++faces[f];
      }
    for (const auto& [f, count] : faces) {
      if (count != 1) continue;
      for (int i : f) EXPECT_NEAR((g.vertices[i] - c).norm(), r, 1e-12);
    }
    for (const Vec3& p : g.vertices) EXPECT_LE((p - c).norm(), r + 1e-12);
    // The inscribed polyhedron's volume approaches the ball's from below.
    const double ball = 4.0 / 3.0 * std::numbers::pi * r * r * r;
    EXPECT_LT(v, ball);
    if (n >= 6) {
      EXPECT_GT(v, 0.95 * ball) << "resolution " << n;
    }
    if (n == 12) {
      EXPECT_GT(v, 0.985 * ball);
    }
  }
}

}  // namespace

TEST(MeshGenerators, TetFillOfATorusIsPositiveAndHoldsItsVolume) {
  // A torus (R = 0.3, r = 0.12): not convex, with a hole. The fill's volume approaches the
  // torus's as the lattice refines; every tetrahedron stays positive after the boundary snap.
  SurfaceGeometry torus;
  const int nu = 48, nv = 24;
  const double R = 0.3, r = 0.12;
  for (int i = 0; i < nu; ++i)
    for (int j = 0; j < nv; ++j) {
      const double u = 2 * std::numbers::pi * i / nu, v = 2 * std::numbers::pi * j / nv;
      torus.vertices.push_back(Vec3((R + r * std::cos(v)) * std::cos(u), r * std::sin(v), (R + r * std::cos(v)) * std::sin(u)));
    }
  auto id = [&](int i, int j) { return (i % nu) * nv + (j % nv); };
  for (int i = 0; i < nu; ++i)
    for (int j = 0; j < nv; ++j) {
      torus.triangles.push_back({id(i, j), id(i, j + 1), id(i + 1, j)});
      torus.triangles.push_back({id(i + 1, j), id(i, j + 1), id(i + 1, j + 1)});
    }
  double mesh_volume = 0.0;
  for (const auto& t : torus.triangles)
    mesh_volume += torus.vertices[t[0]].dot(torus.vertices[t[1]].cross(torus.vertices[t[2]])) / 6.0;
  ASSERT_GT(mesh_volume, 0.0);  // outward oriented
  double previous_error = 1.0;
  for (int n : {12, 24}) {
    const TetGeometry g = tet_fill(torus.vertices, torus.triangles, n);
    double v = 0.0, smallest = INFINITY;
    for (const auto& t : g.tets) {
      v += signed_volume(g, t);
      smallest = std::min(smallest, signed_volume(g, t));
    }
    EXPECT_GT(smallest, 0.0) << n;
    const double error = std::abs(v - mesh_volume) / mesh_volume;
    EXPECT_LT(error, n == 12 ? 0.08 : 0.03) << n << " volume " << v << " vs " << mesh_volume;
    EXPECT_LT(error, previous_error);
    previous_error = error;
    // The hole stays open: no tetrahedron near the axis.
    for (const Vec3& x : g.vertices) EXPECT_GT(std::hypot(x.x(), x.z()), R - r - 0.6 * 1.0 / n);
  }
}

}  // namespace ripple
