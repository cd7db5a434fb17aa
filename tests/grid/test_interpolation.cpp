#include <gtest/gtest.h>

#include "ripple/grid/interpolation.hpp"
#include "ripple/grid/mac_velocity.hpp"

using namespace ripple;

TEST(Interpolation, TrilinearReproducesLinearFields) {
  GridGeometry g{Vec3(0.1, -0.2, 0.3), 0.05, Vec3i(8, 6, 5)};
  ScalarGrid a(g.n, 0.0);
  auto f = [](const Vec3& p) { return 1.5 + 2.0 * p.x() - 3.0 * p.y() + 0.5 * p.z(); };
  for (int64_t i = 0; i < a.size(); ++i) {
    const Vec3i c = a.coords(i);
    a[i] = f(g.cell_center(c.x(), c.y(), c.z()));
  }
  for (const Vec3& p : {Vec3(0.2, -0.1, 0.4), Vec3(0.31, 0.0, 0.42), Vec3(0.45, 0.05, 0.5)})
    EXPECT_NEAR(sample(a, g, cell_sample_offset(), p), f(p), 1e-12);
}

TEST(Interpolation, MacVelocitySamplesEachComponentOnItsFaces) {
  GridGeometry g{Vec3::Zero(), 0.1, Vec3i(4, 4, 4)};
  MacVelocity v;
  v.resize(g);
  // u = (y, z, x): each component is linear, so trilinear sampling is exact inside.
  for (int a = 0; a < 3; ++a)
    for (int64_t i = 0; i < v.u[a].size(); ++i) {
      const Vec3i c = v.u[a].coords(i);
      const Vec3 p = g.face_center(a, c.x(), c.y(), c.z());
      v.u[a][i] = p[(a + 1) % 3];
    }
  const Vec3 p(0.17, 0.23, 0.31);
  const Vec3 u = v.sample(g, p);
  EXPECT_NEAR(u.x(), p.y(), 1e-12);
  EXPECT_NEAR(u.y(), p.z(), 1e-12);
  EXPECT_NEAR(u.z(), p.x(), 1e-12);
}
