// Interface curvature for the ghost-fluid jump: carried to the interface it is exact on a
// sphere's signed distance from either side, and the smoothing keeps a grid-scale ripple's
// restoring sign (a box average flipped it and drove a capillary instability).
#include <gtest/gtest.h>

#include <cmath>

#include "ripple/fluid/surface_tension.hpp"

namespace ripple {
namespace {

TEST(InterfaceCurvature, ExactOnASphereFromBothSides) {
  const int n = 24;
  const double dx = 0.002, R = 4 * dx;
  const Vec3 centre(0.0243, 0.0233, 0.0242);  // off the grid's symmetry
  ScalarGrid phi(Vec3i(n, n, n));
  for (int64_t c = 0; c < phi.size(); ++c) {
    const Vec3i q = phi.coords(c);
    phi[c] = (dx * (q.cast<double>() + Vec3::Constant(0.5)) - centre).norm() - R;
  }
  const ScalarGrid k = interface_curvature(phi, dx);
  int checked = 0;
  for (int64_t c = 0; c < phi.size(); ++c) {
    if (std::abs(phi[c]) >= 2 * dx) continue;
    // The level set's own curvature is 2 / (R + phi): 23 % off at phi = -0.75 dx.
    EXPECT_NEAR(k[c] * R / 2, 1.0, 0.02) << "phi/dx " << phi[c] / dx;
    ++checked;
  }
  EXPECT_GT(checked, 500);
}

TEST(InterfaceCurvature, GridScaleRippleKeepsItsRestoringSign) {
  // Liquid below y = h(x) = h0 + a (-1)^i, ridges along z: crests are convex (kappa > 0, pushed
  // down by the jump), troughs concave. Smoothing must not flip those signs (a box average's
  // response to this wave is -1/3; the 1-4-1 tent's is +1/3).
  const int n = 16;
  const double dx = 0.001, h0 = 8.3 * dx, a = 0.01 * dx;  // small: kappa phi << 1
  ScalarGrid phi(Vec3i(n, n, n));
  for (int64_t c = 0; c < phi.size(); ++c) {
    const Vec3i q = phi.coords(c);
    const double h = h0 + (q.x() % 2 == 0 ? a : -a);
    phi[c] = (q.y() + 0.5) * dx - h;
  }
  const ScalarGrid k = interface_curvature(phi, dx);
  // Raw curvature 4 a / dx^2 = 40 /m at crests; the rows within a cell of the surface.
  for (int j = 7; j <= 8; ++j)
    for (int i = 2; i < n - 2; ++i)
      for (int kk = 2; kk < n - 2; ++kk) {
        const bool crest = i % 2 == 0;
        const double kv = k(i, j, kk);
        if (crest) EXPECT_GT(kv, 1.0) << i << " " << j << " " << kk;
        else EXPECT_LT(kv, -1.0) << i << " " << j << " " << kk;
      }
}

}  // namespace
}  // namespace ripple
