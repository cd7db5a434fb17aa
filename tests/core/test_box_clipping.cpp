// Clipping against a box: polygon areas against closed forms, and against Monte Carlo for
// random triangles; segments against their exact crossing parameters.
#include <gtest/gtest.h>

#include <random>

#include "ripple/core/box_clipping.hpp"

namespace ripple {
namespace {

Aabb unit_box() {
  Aabb b;
  b.lo = Vec3::Zero();
  b.hi = Vec3::Ones();
  return b;
}

TEST(BoxClipping, PolygonAreasInClosedForm) {
  const Aabb box = unit_box();
  // Inside: unchanged. Outside: empty.
  EXPECT_NEAR(polygon_area(clip_polygon_to_box({{0.1, 0.1, 0.5}, {0.9, 0.1, 0.5}, {0.1, 0.9, 0.5}}, box)), 0.32, 1e-15);
  EXPECT_TRUE(clip_polygon_to_box({{2, 2, 2}, {3, 2, 2}, {2, 3, 2}}, box).empty());
  // A huge triangle through the box at z = 0.5: the box's cross-section, area 1.
  EXPECT_NEAR(polygon_area(clip_polygon_to_box({{-10, -10, 0.5}, {30, -10, 0.5}, {-10, 30, 0.5}}, box)), 1.0, 1e-12);
  // A right triangle with legs 2 in z = 0.5, corner at the origin: inside the box only the
  // unit square minus nothing (hypotenuse x + y = 2 passes through (1, 1)): area 1.
  EXPECT_NEAR(polygon_area(clip_polygon_to_box({{0, 0, 0.5}, {2, 0, 0.5}, {0, 2, 0.5}}, box)), 1.0, 1e-12);
  // Legs 1.5: the square minus the corner triangle beyond x + y = 1.5 (legs 0.5): 1 - 0.125.
  EXPECT_NEAR(polygon_area(clip_polygon_to_box({{0, 0, 0.5}, {1.5, 0, 0.5}, {0, 1.5, 0.5}}, box)), 0.875, 1e-12);
  // A tilted plane x + z = 1 across the box: a 1 x sqrt(2) rectangle.
  EXPECT_NEAR(polygon_area(clip_polygon_to_box({{-5, -5, 6}, {6, -5, -5}, {0.5, 20, 0.5}}, box)), std::sqrt(2.0), 1e-12);
}

TEST(BoxClipping, RandomTrianglesMatchMonteCarlo) {
  const Aabb box = unit_box();
  std::mt19937 rng(6);
  std::uniform_real_distribution<double> u(-0.5, 1.5), w(0.0, 1.0);
  for (int trial = 0; trial < 20; ++trial) {
    const Vec3 a(u(rng), u(rng), u(rng)), b(u(rng), u(rng), u(rng)), c(u(rng), u(rng), u(rng));
    const double area = polygon_area(clip_polygon_to_box({a, b, c}, box));
    int inside = 0;
    const int n = 200000;
    for (int k = 0; k < n; ++k) {
      double s = w(rng), t = w(rng);
      if (s + t > 1) s = 1 - s, t = 1 - t;
      const Vec3 p = a + s * (b - a) + t * (c - a);
      inside += (p.array() >= 0.0).all() && (p.array() <= 1.0).all();
    }
    const double full = 0.5 * (b - a).cross(c - a).norm();
    EXPECT_NEAR(area, full * inside / n, 0.01 * full + 1e-12) << trial;
  }
}

TEST(BoxClipping, Segments) {
  const Aabb box = unit_box();
  auto [t0, t1] = clip_segment_to_box(Vec3(-1, 0.5, 0.5), Vec3(3, 0.5, 0.5), box);
  EXPECT_NEAR(t0, 0.25, 1e-15);
  EXPECT_NEAR(t1, 0.5, 1e-15);
  std::tie(t0, t1) = clip_segment_to_box(Vec3(0.2, 0.2, 0.2), Vec3(0.3, 0.4, 0.5), box);
  EXPECT_EQ(t0, 0.0);
  EXPECT_EQ(t1, 1.0);
  std::tie(t0, t1) = clip_segment_to_box(Vec3(-1, 2, 0.5), Vec3(3, 2, 0.5), box);  // parallel, outside
  EXPECT_GT(t0, t1);
  std::tie(t0, t1) = clip_segment_to_box(Vec3(-1, -1, 0.5), Vec3(0.5, -0.1, 0.5), box);  // misses
  EXPECT_GT(t0, t1);
}

}  // namespace
}  // namespace ripple
