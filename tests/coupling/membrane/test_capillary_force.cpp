// The membrane's surface tension (Ruan et al. 2021, Eq. 9-11): the capillary forces are minus
// sigma times the area's gradient (central differences), equal -L_c x exactly (the cotangent
// Laplacian of the positions), L_c is symmetric positive semi-definite with zero row sums, and
// triangles on the walls carry no energy.
#include <gtest/gtest.h>

#include <random>

#include "ripple/coupling/membrane/capillary_force.hpp"
#include "ripple/coupling/membrane/liquid_membrane.hpp"

namespace ripple {
namespace {

GridGeometry unit_grid(int n) {
  GridGeometry g;
  g.n = Vec3i::Constant(n);
  g.dx = 1.0 / n;
  return g;
}

/// The membrane of a sphere of radius r (m) at the centre of the unit box, jittered.
LiquidMembrane jittered_sphere(int n, double r, double jitter) {
  const GridGeometry g = unit_grid(n);
  ScalarGrid phi(g.n, 0.0);
  for (int64_t c = 0; c < phi.size(); ++c) {
    const Vec3i I = phi.coords(c);
    phi[c] = (g.cell_center(I.x(), I.y(), I.z()) - Vec3::Constant(0.5)).norm() - r;
  }
  LiquidMembrane m = build_membrane(phi, g, 2);
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-jitter, jitter);
  for (Vec3& x : m.x) x += Vec3(u(rng), u(rng), u(rng));
  return m;
}

TEST(CapillaryForce, IsMinusSigmaTimesTheAreaGradient) {
  const double sigma = 0.07;
  LiquidMembrane m = jittered_sphere(8, 0.3, 0.01);
  ASSERT_GT(m.size(), 100u);
  const std::vector<Vec3> f = capillary_forces(m, sigma);
  const double h = 1e-6;
  double worst = 0.0, scale = 0.0;
  for (size_t i = 0; i < m.size(); i += 17)
    for (int a = 0; a < 3; ++a) {
      const double x0 = m.x[i][a];
      m.x[i][a] = x0 + h;
      const double ep = capillary_energy(m, sigma);
      m.x[i][a] = x0 - h;
      const double em = capillary_energy(m, sigma);
      m.x[i][a] = x0;
      const double fd = -(ep - em) / (2 * h);
      worst = std::max(worst, std::abs(fd - f[i][a]));
      scale = std::max(scale, std::abs(fd));
    }
  EXPECT_GT(scale, 0.0);
  EXPECT_LT(worst, 1e-6 * scale + 1e-12) << "worst " << worst << " of " << scale;
}

TEST(CapillaryForce, TheStiffnessIsTheCotangentLaplacianAndPositiveSemiDefinite) {
  const double sigma = 0.07;
  const LiquidMembrane m = jittered_sphere(8, 0.3, 0.01);
  const std::vector<Vec3> f = capillary_forces(m, sigma);
  const Eigen::SparseMatrix<double> L = capillary_stiffness(m, sigma);
  ASSERT_EQ(L.rows(), static_cast<Eigen::Index>(m.size()));
  // f_c = -L_c x, per axis (Eq. 10 against Eq. 11).
  double worst = 0.0, scale = 0.0;
  for (int a = 0; a < 3; ++a) {
    VectorX x(m.size());
    for (size_t i = 0; i < m.size(); ++i) x[static_cast<Eigen::Index>(i)] = m.x[i][a];
    const VectorX lx = L * x;
    for (size_t i = 0; i < m.size(); ++i) {
      worst = std::max(worst, std::abs(lx[static_cast<Eigen::Index>(i)] + f[i][a]));
      scale = std::max(scale, std::abs(f[i][a]));
    }
  }
  EXPECT_LT(worst, 1e-10 * scale) << worst << " " << scale;
  // Symmetric, zero row sums, and x^T L x >= 0 for random x.
  EXPECT_LT((Eigen::SparseMatrix<double>(L.transpose()) - L).norm(), 1e-12 * L.norm());
  EXPECT_LT((L * VectorX::Ones(L.cols())).cwiseAbs().maxCoeff(), 1e-12 * L.norm());
  std::mt19937 rng(3);
  std::normal_distribution<double> n01;
  for (int k = 0; k < 20; ++k) {
    VectorX x(L.cols());
    for (Eigen::Index i = 0; i < x.size(); ++i) x[i] = n01(rng);
    EXPECT_GE(x.dot(L * x), -1e-12 * L.norm() * x.squaredNorm());
  }
}

TEST(CapillaryForce, TrianglesOnTheWallsCarryNoEnergy) {
  // A pool filling the lower 0.4 of the unit box: its membrane is the flat free surface plus
  // the caps on the five walls it touches; only the free surface (1 m^2) has energy.
  const GridGeometry g = unit_grid(8);
  ScalarGrid phi(g.n, 0.0);
  for (int64_t c = 0; c < phi.size(); ++c) phi[c] = g.cell_center(0, phi.coords(c).y(), 0).y() - 0.4;
  const LiquidMembrane m = build_membrane(phi, g, 2);
  EXPECT_EQ(m.mesh().boundary_or_nonmanifold_edges(), 0);
  EXPECT_NEAR(m.mesh().signed_volume(), 0.4, 1e-9);
  EXPECT_NEAR(capillary_energy(m, 2.0), 2.0 * 1.0, 1e-9);
  const std::vector<Vec3> f = capillary_forces(m, 2.0);
  for (size_t i = 0; i < m.size(); ++i)
    if (m.free(i)) EXPECT_LT(f[i].norm(), 1e-9);  // a flat surface pulls its free particles nowhere
}

}  // namespace
}  // namespace ripple
