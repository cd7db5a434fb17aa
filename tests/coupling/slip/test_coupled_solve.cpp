#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <random>

#include "ripple/coupling/slip/coupled_solve.hpp"

namespace ripple {

// CG on the Schur complement solves the dual system with the solids' response exactly: against a
// dense solve of (A + B H^-1 B^T) mu = r on a small random problem.
TEST(CoupledSolve, MatchesADenseSolveOfTheDualSystem) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> uni(-1.0, 1.0);
  const int n = 30, m = 12;
  Eigen::MatrixXd a_dense = Eigen::MatrixXd::Zero(n, n), b_dense = Eigen::MatrixXd::Zero(n, m);
  for (int i = 0; i < n; ++i) {
    a_dense(i, i) = 4.0;
    if (i + 1 < n) a_dense(i, i + 1) = a_dense(i + 1, i) = -1.0;
  }
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      if (uni(rng) > 0.6) b_dense(i, j) = uni(rng);
  Eigen::MatrixXd k = Eigen::MatrixXd::Zero(m, m);
  for (int i = 0; i + 1 < m; ++i) {  // a chain of springs, stiff against the masses
    k(i, i) += 50;
    k(i + 1, i + 1) += 50;
    k(i, i + 1) -= 50;
    k(i + 1, i) -= 50;
  }
  VectorX mass(m);
  for (int i = 0; i < m; ++i) mass[i] = 0.5 + 0.1 * i;
  const Eigen::MatrixXd h_dense = Eigen::MatrixXd(mass.asDiagonal()) + k;
  VectorX r(n);
  for (int i = 0; i < n; ++i) r[i] = uni(rng);
  const VectorX expected = (a_dense + b_dense * h_dense.inverse() * b_dense.transpose()).ldlt().solve(r);
  const SparseMatrix a = a_dense.sparseView(), b = b_dense.sparseView(), h = h_dense.sparseView();
  VectorX mu = VectorX::Zero(n), w;
  const CoupledSolveResult res = solve_coupled_multipliers(a, &b, &h, r, mu, w, 1e-12, 500);
  EXPECT_TRUE(res.converged) << res.residual;
  EXPECT_LT((mu - expected).norm(), 1e-8 * expected.norm());
  EXPECT_LT((w - h_dense.ldlt().solve(b_dense.transpose() * mu)).norm(), 1e-8 * w.norm());
}

}  // namespace ripple
