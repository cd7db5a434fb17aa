#include <gtest/gtest.h>

#include "ripple/contact/segment_triangle.hpp"

namespace ripple {

TEST(SegmentTriangle, CrossingTouchingAndMissing) {
  const Vec3 a(0, 0, 0), b(1, 0, 0), c(0, 1, 0);
  EXPECT_TRUE(segment_meets_triangle({0.2, 0.2, -1}, {0.2, 0.2, 1}, a, b, c));
  EXPECT_FALSE(segment_meets_triangle({0.8, 0.8, -1}, {0.8, 0.8, 1}, a, b, c));   // beyond the hypotenuse
  EXPECT_FALSE(segment_meets_triangle({0.2, 0.2, 0.1}, {0.2, 0.2, 1}, a, b, c));  // stops short
  // Through an edge and a vertex: a closed test must stop it, or a ray leaks between triangles.
  EXPECT_TRUE(segment_meets_triangle({0.5, 0.5, -1}, {0.5, 0.5, 1}, a, b, c));
  EXPECT_TRUE(segment_meets_triangle({0, 0, -1}, {0, 0, 1}, a, b, c));
  // Ending on the triangle counts; lying in its plane does not.
  EXPECT_TRUE(segment_meets_triangle({0.2, 0.2, 0}, {0.2, 0.2, 1}, a, b, c));
  EXPECT_FALSE(segment_meets_triangle({-1, 0.2, 0}, {2, 0.2, 0}, a, b, c));
}

TEST(SegmentTriangle, NoRayLeaksThroughAClosedFan) {
  // A hexagonal fan of six triangles around the origin: rays through its vertices and edges, at
  // many offsets, always meet one of them.
  std::vector<Vec3> ring;
  for (int k = 0; k < 6; ++k) ring.emplace_back(std::cos(k * M_PI / 3), std::sin(k * M_PI / 3), 0.0);
  int leaks = 0;
  for (int i = -20; i <= 20; ++i)
    for (int j = -20; j <= 20; ++j) {
      const Vec3 p(0.04 * i, 0.04 * j, -0.5), q(0.04 * i, 0.04 * j, 0.5);
      if (Vec3(p.x(), p.y(), 0).norm() > 0.8) continue;
      bool hit = false;
      for (int k = 0; k < 6; ++k) hit = hit || segment_meets_triangle(p, q, Vec3::Zero(), ring[k], ring[(k + 1) % 6]);
      leaks += !hit;
    }
  EXPECT_EQ(leaks, 0);
}

}  // namespace ripple
