#include <gtest/gtest.h>

#include "ripple/fluid/solid_boundary.hpp"

using namespace ripple;

TEST(SolidBoundary, TriangleFractionIsExactForLinearData) {
  EXPECT_DOUBLE_EQ(triangle_fraction_inside(-1, -1, -1), 1.0);
  EXPECT_DOUBLE_EQ(triangle_fraction_inside(1, 2, 3), 0.0);
  // One corner inside, crossings halfway along both edges: a quarter of the area.
  EXPECT_NEAR(triangle_fraction_inside(-1, 1, 1), 0.25, 1e-15);
  EXPECT_NEAR(triangle_fraction_inside(1, -1, -1), 0.75, 1e-15);
  EXPECT_NEAR(triangle_fraction_inside(1, -1, 1), 0.25, 1e-15);
}

TEST(SolidBoundary, FaceFractionOfAPlaneIsExact) {
  // phi = x - 0.3 over the unit square: 30 % inside.
  EXPECT_NEAR(face_fraction_inside(-0.3, 0.7, -0.3, 0.7), 0.3, 1e-12);
  // Diagonal plane x + y - 1 = 0: half inside.
  EXPECT_NEAR(face_fraction_inside(-1, 0, 0, 1), 0.5, 1e-12);
}
