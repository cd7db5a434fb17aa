// Narrow-band unknowns (Liu et al. 2025, Fig. 4): the band's cells become unknowns, grouped by
// connected liquid component, with the deeper cells' volume as a constant.
#include <gtest/gtest.h>

#include <numbers>

#include "ripple/coupling/barrier/narrow_band.hpp"

namespace ripple {
namespace {

TEST(NarrowBand, TwoDropsTwoComponentsWithTheirVolumes) {
  GridGeometry g;
  g.dx = 0.01;
  g.n = Vec3i(60, 30, 30);
  Array3<double> phi(g.n);
  const Vec3 c1(0.15, 0.15, 0.15), c2(0.45, 0.15, 0.15);
  const double r = 0.08, eps = 3 * g.dx, k = 1.0 / g.dx;
  for (int64_t i = 0; i < phi.size(); ++i) {
    const Vec3i c = phi.coords(i);
    const Vec3 p = g.cell_center(c.x(), c.y(), c.z());
    phi(c.x(), c.y(), c.z()) = std::min((p - c1).norm(), (p - c2).norm()) - r;  // bands 14 cm apart
  }
  const NarrowBand nb = select_narrow_band(g, phi, eps, k, 100);
  ASSERT_EQ(nb.components.size(), 2u);
  EXPECT_EQ(nb.first_dof, 100);
  EXPECT_EQ(static_cast<int>(nb.components[0].dofs.size() + nb.components[1].dofs.size()), nb.count);
  EXPECT_EQ(nb.components[0].dofs.size(), nb.components[1].dofs.size());  // mirror images
  const double ball = 4.0 / 3.0 * std::numbers::pi * r * r * r;
  for (int i = 0; i < 2; ++i) {
    // The smoothed volume of a ball exceeds the exact one by pi^2 / (4 k^2 R^2) (Sommerfeld's
    // expansion of the integral of H over the ball): 3.9 % for R = 8 cells, k = 1 / dx.
    const double smoothed = ball * (1.0 + std::numbers::pi * std::numbers::pi / (4.0 * k * k * r * r));
    EXPECT_NEAR(nb.volumes[i], smoothed, 0.01 * ball) << i;
    const LiquidVolumeConstraint v({nb.components[i]}, g.dx * g.dx * g.dx, k, 0.0);
    VectorX z = VectorX::Zero(100 + nb.count);
    z.tail(nb.count) = nb.predicted;
    EXPECT_NEAR(v.volume(z, 0), nb.volumes[i], 1e-15) << i;
  }
  for (int i = 0; i < nb.count; ++i) EXPECT_LT(std::abs(nb.predicted[i]), eps);
  for (int64_t i = 0; i < phi.size(); ++i) {
    const Vec3i c = phi.coords(i);
    const int dof = nb.level_set.dof(c.x(), c.y(), c.z());
    EXPECT_EQ(dof >= 0, std::abs(phi(c.x(), c.y(), c.z())) < eps);
    EXPECT_EQ(nb.label(c.x(), c.y(), c.z()) >= 0, phi(c.x(), c.y(), c.z()) < eps);
    if (nb.label(c.x(), c.y(), c.z()) >= 0) {
      EXPECT_EQ(nb.label(c.x(), c.y(), c.z()), g.cell_center(c.x(), c.y(), c.z()).x() < 0.3 ? 0 : 1);
    }
    if (dof >= 0) {
      EXPECT_EQ(nb.predicted[dof - 100], phi(c.x(), c.y(), c.z()));
    }
  }
}

// The optimisation leaves a non-distance cliff under a resting solid (cheap air cells raised,
// Eq. 13), which the contact-keeping redistance preserves: a vertex between a cell at +3.7 dx
// and one at -3.3 dx (found in the soft-cloth bouncing drop) must still find unknowns there.
TEST(NarrowBand, CellsNextToASignChangeAreUnknownsWhateverTheirValue) {
  GridGeometry g;
  g.dx = 0.01;
  g.n = Vec3i(8, 20, 8);
  Array3<double> phi(g.n);
  const double eps = 3 * g.dx;
  for (int64_t i = 0; i < phi.size(); ++i) {
    const Vec3i c = phi.coords(i);
    phi(c.x(), c.y(), c.z()) = c.y() < 10 ? -3.3 * g.dx : 3.7 * g.dx;
  }
  const NarrowBand nb = select_narrow_band(g, phi, eps, 1.0 / g.dx, 0);
  ASSERT_EQ(nb.components.size(), 1u);
  EXPECT_EQ(nb.count, 2 * 8 * 8);
  for (int64_t i = 0; i < phi.size(); ++i) {
    const Vec3i c = phi.coords(i);
    EXPECT_EQ(nb.level_set.dof(c.x(), c.y(), c.z()) >= 0, c.y() == 9 || c.y() == 10) << c.transpose();
    EXPECT_EQ(nb.label(c.x(), c.y(), c.z()) >= 0, c.y() <= 10) << c.transpose();
  }
  // The unknowns start at phi* itself, outside |phi*| < eps.
  for (int i = 0; i < nb.count; ++i) EXPECT_GT(std::abs(nb.predicted[i]), eps);
}

}  // namespace
}  // namespace ripple
