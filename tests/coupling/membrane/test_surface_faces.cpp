// The fluid-air faces and their weights W (Ruan et al. 2021, Sec. 5.1): every face between a
// liquid and an air cell is found once, the membrane reaches each, each row of W sums to one
// over the particles of triangles inside its dual cell, and the dual cell's liquid mass lies in
// (0, rho dx^3].
#include <gtest/gtest.h>

#include "ripple/coupling/membrane/membrane_level_set.hpp"
#include "ripple/coupling/membrane/surface_faces.hpp"

namespace ripple {
namespace {

TEST(SurfaceFaces, EveryLiquidAirFaceIsReachedAndItsWeightsSumToOne) {
  GridGeometry g;
  g.n = Vec3i::Constant(12);
  g.dx = 1.0 / 12;
  ScalarGrid phi(g.n, 0.0);
  for (int64_t c = 0; c < phi.size(); ++c) {
    const Vec3i I = phi.coords(c);
    phi[c] = (g.cell_center(I.x(), I.y(), I.z()) - Vec3(0.5, 0.45, 0.52)).norm() - 0.3;
  }
  const LiquidMembrane m = build_membrane(phi, g, 2);
  ScalarGrid from_membrane;
  level_set_from_membrane(m, g, from_membrane);
  SolidBoundary sb;
  for (int a = 0; a < 3; ++a) sb.face_open[static_cast<size_t>(a)] = ScalarGrid(g.face_dims(a), 1.0);
  const double rho = 1000.0;
  const SurfaceFaces sf = surface_faces(from_membrane, sb, g, m, rho);
  int64_t expected = 0;
  for (int a = 0; a < 3; ++a)
    for (int64_t c = 0; c < from_membrane.size(); ++c) {
      const Vec3i I = from_membrane.coords(c);
      if (I[a] == 0) continue;
      Vec3i lo = I;
      lo[a] -= 1;
      if ((from_membrane[c] < 0) != (from_membrane(lo.x(), lo.y(), lo.z()) < 0)) ++expected;
    }
  EXPECT_GT(expected, 100);
  EXPECT_EQ(static_cast<int64_t>(sf.faces.size()), expected);
  EXPECT_EQ(sf.unreached, 0);
  for (int r = 0; r < sf.W.rows(); ++r) {
    double sum = 0.0;
    for (Eigen::SparseMatrix<double, Eigen::RowMajor>::InnerIterator it(sf.W, r); it; ++it) {
      EXPECT_GE(it.value(), 0.0);
      sum += it.value();
    }
    EXPECT_NEAR(sum, 1.0, 1e-12);
    const SurfaceFace& f = sf.faces[static_cast<size_t>(r)];
    EXPECT_GT(f.mass, 0.0);
    EXPECT_LE(f.mass, rho * g.dx * g.dx * g.dx * (1 + 1e-12));
    EXPECT_LT(from_membrane[f.liquid_cell], 0.0);
  }
}

}  // namespace
}  // namespace ripple
