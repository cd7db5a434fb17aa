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
}  // namespace ripple
