// Box-constrained QPs (solver/box_qp): MPRGP and projected Gauss-Seidel reach the same
// minimiser, which satisfies the KKT conditions, on the obstacle problem (a membrane pressed
// onto an obstacle: Poisson with u >= psi) and on random QPs with two-sided bounds; without
// bounds MPRGP is CG; a preconditioner changes the iterations, not the answer; a capped solve
// says it did not converge.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>

#include <Eigen/SparseCholesky>

#include "ripple/solver/box_qp.hpp"

namespace ripple {
namespace {

/// -lap u = f on an m x m grid (Dirichlet 0 around), h = 1/(m+1), scaled by h^2.
SparseMatrix laplacian_2d(int m) {
  std::vector<Triplet> t;
  auto id = [m](int i, int j) { return i + m * j; };
  for (int j = 0; j < m; ++j)
    for (int i = 0; i < m; ++i) {
      t.emplace_back(id(i, j), id(i, j), 4.0);
      if (i > 0) t.emplace_back(id(i, j), id(i - 1, j), -1.0);
      if (i < m - 1) t.emplace_back(id(i, j), id(i + 1, j), -1.0);
      if (j > 0) t.emplace_back(id(i, j), id(i, j - 1), -1.0);
      if (j < m - 1) t.emplace_back(id(i, j), id(i, j + 1), -1.0);
    }
  SparseMatrix a(m * m, m * m);
  a.setFromTriplets(t.begin(), t.end());
  return a;
}

LinearMap product(const SparseMatrix& a) {
  return [&a](const VectorX& x, VectorX& y) { y = a * x; };
}

/// Largest violation of the KKT conditions at x: bounds, and the gradient's sign at each bound.
double kkt_violation(const SparseMatrix& a, const VectorX& b, const VectorX& x, const VectorX& lo, const VectorX& hi) {
  const VectorX g = a * x - b;
  double worst = 0.0;
  for (int64_t i = 0; i < x.size(); ++i) {
    worst = std::max({worst, lo[i] - x[i], x[i] - hi[i]});
    worst = std::max(worst, std::abs(projected_gradient(g, x, lo, hi)[i]));
  }
  return worst / b.norm();
}

TEST(BoxQp, ObstacleProblemMprgpAndPgsAgreeAndMeetKkt) {
  const int m = 48;
  const SparseMatrix a = laplacian_2d(m);
  const double h = 1.0 / (m + 1);
  VectorX b = VectorX::Constant(m * m, -8.0 * h * h);  // a load pressing the membrane down
  VectorX lo(m * m), hi = VectorX::Constant(m * m, kNoBound);
  for (int j = 0; j < m; ++j)
    for (int i = 0; i < m; ++i) {  // a dome-shaped obstacle from below
      const double x = (i + 1) * h - 0.5, y = (j + 1) * h - 0.5;
      lo[i + m * j] = -0.3 - 0.5 * (x * x + y * y);
    }
  BoxQpSettings s;
  s.tolerance = 1e-10;
  s.max_iterations = 100000;
  VectorX x_mprgp = VectorX::Zero(m * m), x_pgs = VectorX::Zero(m * m);
  const BoxQpResult rm = solve_box_qp_mprgp(product(a), {}, b, lo, hi, x_mprgp, s);
  const BoxQpResult rp = solve_box_qp_pgs(a, b, lo, hi, x_pgs, s);
  ASSERT_TRUE(rm.converged) << rm.residual;
  ASSERT_TRUE(rp.converged) << rp.residual;
  EXPECT_LT((x_mprgp - x_pgs).cwiseAbs().maxCoeff(), 1e-7);
  EXPECT_LT(kkt_violation(a, b, x_mprgp, lo, hi), 1e-9);
  int touching = 0;
  for (int64_t i = 0; i < x_mprgp.size(); ++i) touching += x_mprgp[i] <= lo[i];
  EXPECT_GT(touching, 20);            // the membrane lies on the obstacle over a patch
  EXPECT_LT(touching, m * m - 100);   // and not everywhere
  EXPECT_GT(rm.expansion_steps + rm.proportioning_steps, 0);
  EXPECT_LT(rm.iterations * 5, rp.iterations);  // MPRGP needs far fewer matrix passes
  std::printf("obstacle %dx%d: MPRGP %d iterations (cg %d, expansion %d, proportioning %d), PGS %d sweeps\n", m, m,
              rm.iterations, rm.cg_steps, rm.expansion_steps, rm.proportioning_steps, rp.iterations);
}

TEST(BoxQp, RandomTwoSidedBoundsMeetKktWithAndWithoutPreconditioner) {
  std::mt19937 rng(4);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const int n = 40;
  Eigen::MatrixXd r(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) r(i, j) = u(rng);
  Eigen::MatrixXd dense = r.transpose() * r + 0.5 * Eigen::MatrixXd::Identity(n, n);
  for (int i = 0; i < n; ++i) dense.row(i) *= (1.0 + 9.0 * (i % 3));  // badly scaled rows and columns
  for (int i = 0; i < n; ++i) dense.col(i) *= (1.0 + 9.0 * (i % 3));
  const SparseMatrix a = dense.sparseView();
  VectorX b(n), lo(n), hi(n);
  for (int i = 0; i < n; ++i) {
    b[i] = 20.0 * u(rng);
    lo[i] = i % 4 == 0 ? -kNoBound : -0.1 - 0.1 * std::abs(u(rng));
    hi[i] = i % 5 == 0 ? kNoBound : 0.1 + 0.1 * std::abs(u(rng));
  }
  BoxQpSettings s;
  s.tolerance = 1e-11;
  s.max_iterations = 20000;
  VectorX x_plain = VectorX::Constant(n, 5.0);  // infeasible start: projected first
  const BoxQpResult plain = solve_box_qp_mprgp(product(a), {}, b, lo, hi, x_plain, s);
  const VectorX inverse_diagonal = a.diagonal().cwiseInverse();
  VectorX x_jacobi = VectorX::Zero(n);
  const BoxQpResult jacobi = solve_box_qp_mprgp(
      product(a), [&](const VectorX& in, VectorX& out) { out = inverse_diagonal.cwiseProduct(in); }, b, lo, hi,
      x_jacobi, s);
  ASSERT_TRUE(plain.converged);
  ASSERT_TRUE(jacobi.converged);
  EXPECT_LT(kkt_violation(a, b, x_plain, lo, hi), 1e-10);
  EXPECT_LT((x_plain - x_jacobi).cwiseAbs().maxCoeff(), 1e-8);
  EXPECT_LT(jacobi.iterations, plain.iterations);
  VectorX x_pgs = VectorX::Zero(n);
  solve_box_qp_pgs(a, b, lo, hi, x_pgs, s);
  EXPECT_LT((x_plain - x_pgs).cwiseAbs().maxCoeff(), 1e-7);
}

TEST(BoxQp, WithoutBoundsMprgpIsConjugateGradients) {
  const SparseMatrix a = laplacian_2d(16);
  const VectorX b = VectorX::LinSpaced(256, -1.0, 2.0);
  const VectorX lo = VectorX::Constant(256, -kNoBound), hi = VectorX::Constant(256, kNoBound);
  VectorX x = VectorX::Zero(256);
  BoxQpSettings s;
  s.tolerance = 1e-12;
  const BoxQpResult r = solve_box_qp_mprgp(product(a), {}, b, lo, hi, x, s);
  EXPECT_TRUE(r.converged);
  EXPECT_EQ(r.expansion_steps + r.proportioning_steps, 0);
  EXPECT_LE(r.iterations, 60);  // CG on a 16x16 Laplacian
  const Eigen::SimplicialLDLT<SparseMatrix> direct(a);
  EXPECT_LT((x - direct.solve(b)).cwiseAbs().maxCoeff(), 1e-9);
}

TEST(BoxQp, VariablesWithEqualBoundsAreFixed) {
  // A frictionless contact solve bounds friction by [0, 0]: those variables must not stall
  // the others (a proportioning step along them has length 0).
  const SparseMatrix a = laplacian_2d(6);
  const VectorX b = VectorX::Constant(36, 1.0);  // pulls the fixed ones off their bound too
  VectorX lo = VectorX::Constant(36, -kNoBound), hi = VectorX::Constant(36, kNoBound);
  for (int i = 0; i < 36; i += 3) lo[i] = hi[i] = 0.0;
  VectorX x = VectorX::Zero(36);
  BoxQpSettings s;
  s.tolerance = 1e-12;
  const BoxQpResult r = solve_box_qp_mprgp(product(a), {}, b, lo, hi, x, s);
  EXPECT_TRUE(r.converged);
  EXPECT_LT(r.iterations, 40);
  for (int i = 0; i < 36; i += 3) EXPECT_EQ(x[i], 0.0);
  EXPECT_LT(kkt_violation(a, b, x, lo, hi), 1e-11);
}

TEST(BoxQp, ACappedSolveSaysSo) {
  const SparseMatrix a = laplacian_2d(12);
  VectorX b(144);
  for (int i = 0; i < 144; ++i) b[i] = 0.01 * std::sin(0.7 * i);  // some rows pull up, some down
  const VectorX lo = VectorX::Zero(144), hi = VectorX::Constant(144, 0.05);
  BoxQpSettings s;
  s.max_iterations = 2;
  VectorX x;
  const BoxQpResult m = solve_box_qp_mprgp(product(a), {}, b, lo, hi, x, s);
  EXPECT_FALSE(m.converged);
  EXPECT_EQ(m.iterations, 2);
  EXPECT_GT(m.residual, s.tolerance);
  for (int64_t i = 0; i < x.size(); ++i) EXPECT_TRUE(x[i] >= 0.0 && x[i] <= 0.05);  // feasible all along
  VectorX y;
  EXPECT_FALSE(solve_box_qp_pgs(a, b, lo, hi, y, s).converged);
}

}  // namespace
}  // namespace ripple
