// The barrier method's incompressibility (Liu et al. 2025, Eq. 10-13): the smoothed Heaviside
// and the volume constraint's derivatives against finite differences, and Newton on the KKT
// system (Eq. 12) meeting two components' volumes at a stationary point of the liquid inertia.
#include <gtest/gtest.h>

#include <random>

#include "ripple/coupling/barrier/level_set_inertia_form.hpp"
#include "ripple/coupling/barrier/liquid_volume_constraint.hpp"
#include "ripple/coupling/barrier/smoothed_heaviside.hpp"
#include "ripple/solver/newton_solver.hpp"

namespace ripple {
namespace {

TEST(SmoothedHeaviside, ValuesAndDerivatives) {
  const double eps = 0.03, k = 1.0 / eps;
  EXPECT_DOUBLE_EQ(smoothed_heaviside(0.0, k).value, 0.5);
  EXPECT_NEAR(smoothed_heaviside(-eps, k).value, 1.0 / (1.0 + std::exp(-2.0)), 1e-15);
  EXPECT_NEAR(smoothed_heaviside(-5 * eps, k).value, 1.0, 1e-4);
  EXPECT_NEAR(smoothed_heaviside(5 * eps, k).value, 0.0, 1e-4);
  for (double phi = -4 * eps; phi <= 4 * eps; phi += 0.37 * eps) {
    const double h = 1e-7 * eps;
    const auto a = smoothed_heaviside(phi, k), p = smoothed_heaviside(phi + h, k), m = smoothed_heaviside(phi - h, k);
    EXPECT_NEAR(a.value, 1.0 / (1.0 + std::exp(2.0 * k * phi)), 1e-14);  // Eq. 11 as written
    EXPECT_NEAR(a.first, (p.value - m.value) / (2 * h), 1e-6 * k);
    EXPECT_NEAR(a.second, (p.first - m.first) / (2 * h), 1e-6 * k * k);
  }
}

TEST(LiquidVolumeConstraint, JacobianMatchesFiniteDifferences) {
  const double dx = 0.01, eps = 3 * dx;
  std::mt19937 rng(4);
  std::uniform_real_distribution<double> u(-2 * eps, 2 * eps);
  VectorX z(12);
  for (auto& v : z) v = u(rng);
  LiquidVolumeConstraint c({{{0, 2, 3, 5}, 1e-5, 2e-5}, {{6, 7, 11}, 0.0, 1e-6}}, dx * dx * dx, 1.0 / eps, 1e-7);
  VectorX v;
  std::vector<Eigen::SparseVector<double>> J;
  c.evaluate(z, v, &J);
  ASSERT_EQ(v.size(), 2);
  for (int i = 0; i < 12; ++i) {
    VectorX zp = z, zm = z, vp, vm;
    zp[i] += 1e-8;
    zm[i] -= 1e-8;
    c.evaluate(zp, vp, nullptr);
    c.evaluate(zm, vm, nullptr);
    for (int r = 0; r < 2; ++r) EXPECT_NEAR(J[r].coeff(i), (vp[r] - vm[r]) / 2e-8, 1e-9) << r << " " << i;
  }
}

TEST(LiquidVolumeConstraint, EachComponentIsMetRelativeToItsOwnVolume) {
  // A drop and a splash droplet a million times smaller: the drop's tolerance is 1e-6 of the
  // drop, not of the droplet (1e-17 m^3 would be below the round-off of the drop's own sum,
  // and its solve could never converge).
  const double dx = 0.002;
  LiquidVolumeConstraint c({{{0}, 7e-6, 7.2e-6}, {{1}, 0.0, 7.2e-12}}, dx * dx * dx, 1.0 / dx, 1e-6);
  EXPECT_DOUBLE_EQ(c.tolerance(0), 7.2e-12);
  EXPECT_DOUBLE_EQ(c.tolerance(1), 7.2e-18);
}

TEST(LiquidVolumeConstraint, NewtonMeetsEachComponentsVolume) {
  // Two "components" of narrow-band unknowns whose predicted level sets have lost and gained
  // volume; Newton on Eq. 12 restores each component's volume with the smallest
  // mass-weighted change of phi (a stationary point: the gradient is a combination of the
  // constraint gradients).
  const double dx = 0.01, eps = 3 * dx, Vc = dx * dx * dx;
  const int n = 40;
  std::mt19937 rng(9);
  std::uniform_real_distribution<double> u(-eps, eps);
  VectorX predicted(n);
  for (auto& v : predicted) v = u(rng);
  std::vector<int> dofs(n);
  LiquidComponent a, b;
  for (int i = 0; i < n; ++i) {
    dofs[i] = i;
    (i < 25 ? a : b).dofs.push_back(i);
  }
  LevelSetInertiaSettings st;
  st.cell_volume = Vc;
  st.sharpness = 1.0 / eps;
  LevelSetInertiaForm inertia(dofs, predicted, st);
  auto volume_of = [&](const LiquidComponent& c, const VectorX& z) {
    return LiquidVolumeConstraint({c}, Vc, 1.0 / eps, 0.0).volume(z, 0);
  };
  a.target = volume_of(a, predicted) + 2.0 * Vc;  // lost two cells' worth
  b.target = volume_of(b, predicted) - 1.0 * Vc;  // gained one
  LiquidVolumeConstraint volume({a, b}, Vc, 1.0 / eps, 1e-9 * Vc / std::max(a.target, b.target));
  VectorX z = predicted;
  NewtonSettings s;
  s.tolerance = 1e-6 * dx;  // m per "dt" of 1 s
  const std::vector<uint8_t> fixed(n, 0);
  Form* forms[] = {&inertia};
  const NewtonResult r = newton_minimise({forms[0]}, {&volume}, fixed, {[](const VectorX& dz) { return dz.cwiseAbs().maxCoeff(); }},
                                         s, z);
  ASSERT_TRUE(r.converged) << r.iterations;
  EXPECT_LT(r.iterations, 12);  // linear convergence (rate ~0.2): M_f and J are lagged
  VectorX c;
  std::vector<Eigen::SparseVector<double>> J;
  volume.evaluate(z, c, &J);
  EXPECT_LT(c.cwiseAbs().maxCoeff(), 1e-9 * Vc);
  // Stationarity: g + J^T lambda = 0 with the masses of the final iterate.
  inertia.update_masses(z);
  VectorX g = VectorX::Zero(n);
  inertia.add_derivatives(z, g, nullptr);
  Eigen::MatrixXd Jd(n, 2);
  Jd.col(0) = VectorX(J[0]);
  Jd.col(1) = VectorX(J[1]);
  const VectorX lambda = Jd.colPivHouseholderQr().solve(-g);
  EXPECT_LT((g + Jd * lambda).norm(), 1e-6 * g.norm());
  EXPECT_GT(g.norm(), 0.0);
  // The liquid grows where it lost volume: phi fell in component a, rose in b.
  EXPECT_LT((z - predicted).head(25).sum(), 0.0);
  EXPECT_GT((z - predicted).tail(15).sum(), 0.0);
}

}  // namespace
}  // namespace ripple
