// Periodic axes: points wrap into the domain, padded copies read the opposite side, and both
// copies of a seam face become one value.
#include <gtest/gtest.h>

#include "ripple/grid/periodic_grid.hpp"

using namespace ripple;

namespace {

GridGeometry grid_4x3x2() {
  GridGeometry g;
  g.origin = Vec3(-1.0, 0.0, 2.0);
  g.dx = 0.5;
  g.n = Vec3i(4, 3, 2);
  return g;
}

}  // namespace

TEST(PeriodicGrid, PointsWrapAlongPeriodicAxesOnly) {
  const GridGeometry g = grid_4x3x2();  // x spans [-1, 1), z spans [2, 3)
  const PeriodicAxes p{true, false, true};
  const Vec3 w = wrap_point(Vec3(1.25, 7.0, 1.75), g, p);
  EXPECT_NEAR(w.x(), -0.75, 1e-12);
  EXPECT_EQ(w.y(), 7.0);  // not periodic: left alone
  EXPECT_NEAR(w.z(), 2.75, 1e-12);
  EXPECT_NEAR(wrap_point(Vec3(-5.0, 0, 2.0), g, p).x(), -1.0, 1e-12);  // two lengths below
  const Vec3 edge = wrap_point(Vec3(-1.0 - 1e-17, 0, 2.0), g, p);      // rounds onto the upper side
  EXPECT_GE(edge.x(), -1.0);
  EXPECT_LT(edge.x(), 1.0);
}

TEST(PeriodicGrid, PaddedFieldsReadTheOppositeSide) {
  const GridGeometry g = grid_4x3x2();
  const PeriodicAxes p{true, false, false};
  ScalarGrid q(g.n.x(), g.n.y(), g.n.z(), 0.0);
  for (int64_t c = 0; c < q.size(); ++c) q[c] = static_cast<double>(c);
  const PeriodicPadding pad(g, p);
  EXPECT_EQ(pad.geometry().n, Vec3i(6, 3, 2));
  EXPECT_NEAR(pad.geometry().origin.x(), -1.5, 1e-12);
  const ScalarGrid padded = pad.cells(q);
  for (int k = 0; k < 2; ++k)
    for (int j = 0; j < 3; ++j) {
      EXPECT_EQ(padded(0, j, k), q(3, j, k));  // below x_min: the last cell
      EXPECT_EQ(padded(5, j, k), q(0, j, k));  // beyond x_max: the first
      for (int i = 0; i < 4; ++i) EXPECT_EQ(padded(i + 1, j, k), q(i, j, k));
    }
  // On the seam (x = -1 = 1) a sample is the mean of the two cells beside it.
  const double at_seam = sample(padded, pad.geometry(), cell_sample_offset(), Vec3(-1.0, 0.25, 2.25));
  EXPECT_NEAR(at_seam, 0.5 * (q(3, 0, 0) + q(0, 0, 0)), 1e-12);

  MacVelocity v;
  v.resize(g);
  for (int64_t f = 0; f < v.u[0].size(); ++f) v.u[0][f] = static_cast<double>(f % 5);  // face index along x
  const MacVelocity pv = pad.faces(v);
  EXPECT_EQ(pv.u[0].dims(), pad.geometry().face_dims(0));
  EXPECT_EQ(pv.u[0](0, 1, 1), v.u[0](3, 1, 1));  // the face one cell below the seam
  EXPECT_EQ(pv.u[0](1, 1, 1), v.u[0](0, 1, 1));  // the seam
  EXPECT_EQ(pv.u[0](6, 1, 1), v.u[0](1, 1, 1));  // one cell beyond it again
}

TEST(PeriodicGrid, SeamFacesBecomeTheirMean) {
  const GridGeometry g = grid_4x3x2();
  MacVelocity v;
  v.resize(g);
  v.u[0](0, 1, 1) = 1.0;
  v.u[0](4, 1, 1) = 3.0;
  v.u[2](2, 2, 0) = -1.0;
  join_periodic_faces(v, {true, false, false});
  EXPECT_EQ(v.u[0](0, 1, 1), 2.0);
  EXPECT_EQ(v.u[0](4, 1, 1), 2.0);
  EXPECT_EQ(v.u[2](2, 2, 0), -1.0);  // z is not periodic
}
