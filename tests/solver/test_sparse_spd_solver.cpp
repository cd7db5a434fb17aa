// The Newton steps' sparse solver: CHOLMOD on an SPD matrix, and on a PSD matrix that fails
// the factorisation in exact arithmetic (a zero pivot) a shifted re-factorisation instead of
// the slow CG fallback.
#include <gtest/gtest.h>

#include <cmath>

#include "ripple/solver/sparse_spd_solver.hpp"

namespace ripple {
namespace {

Eigen::SparseMatrix<double> matrix(const Eigen::MatrixXd& dense) { return dense.sparseView(); }

/// Solves A x = b with `solver`; returns |A x - b| (infinite when the solve failed).
double residual(SparseSpdSolver& solver, const Eigen::MatrixXd& A, const VectorX& b) {
  VectorX x;
  if (!solver.solve(matrix(A), b, x)) return INFINITY;
  return (A * x - b).norm();
}

TEST(SparseSpdSolver, SolvesAnSpdSystemWithCholmod) {
  Eigen::MatrixXd A(3, 3);
  A << 4, 1, 0, 1, 3, 1, 0, 1, 2;
  SparseSpdSolver solver;
  EXPECT_LT(residual(solver, A, VectorX::Constant(3, 1.0)), 1e-12);
  EXPECT_EQ(solver.last_used(), "cholmod");
  EXPECT_EQ(solver.shifted(), 0);
}

TEST(SparseSpdSolver, SingularPsdMatrixGetsAShiftNotCg) {
  // [[1, 1], [1, 1]] has a zero second pivot; b lies in its range.
  Eigen::MatrixXd A(2, 2);
  A << 1, 1, 1, 1;
  const VectorX b = VectorX::Constant(2, 2.0);
  SparseSpdSolver solver;
  EXPECT_LT(residual(solver, A, b), 1e-6);  // the shift is at most 1e-6 of the diagonal
  EXPECT_EQ(solver.last_used(), "cholmod");
  EXPECT_GT(solver.shifted(), 0);
  // The next solve of a regular matrix starts unshifted.
  Eigen::MatrixXd B(2, 2);
  B << 2, 1, 1, 2;
  EXPECT_LT(residual(solver, B, b), 1e-12);
}

TEST(SparseSpdSolver, IndefiniteMatrixIsNotFactoredAsIs) {
  // A small system goes to CHOLMOD's simplicial path, whose LDL^T would factor this matrix
  // (D holds a negative entry) and report success; LL^T fails, no shift within 1e-6 of the
  // diagonal makes it definite, and CG answers instead.
  Eigen::MatrixXd A(3, 3);
  A << 4, 1, 0, 1, -1, 1, 0, 1, 4;
  SparseSpdSolver solver;
  residual(solver, A, VectorX::Constant(3, 1.0));
  EXPECT_EQ(solver.last_used(), "pcg");
  EXPECT_GT(solver.shifted(), 0);
}

TEST(SparseSpdSolver, ZeroDiagonalIsNotShiftedForever) {
  // A zero diagonal gives no scale to shift by: CHOLMOD fails once and the CG fallback answers
  // (a shift loop starting from 0 x the diagonal never ended).
  Eigen::MatrixXd A(2, 2);
  A << 0, 1, 1, 0;
  SparseSpdSolver solver;
  residual(solver, A, VectorX::Constant(2, 1.0));
  EXPECT_EQ(solver.shifted(), 0);
}

TEST(SparseSpdSolver, EmptySystemGivesAnEmptyStep) {
  // A coupled step with nothing left to solve for (found crashing in the shift's diagonal scan).
  SparseSpdSolver solver;
  VectorX x = VectorX::Ones(3), y;
  ASSERT_TRUE(solver.solve(Eigen::SparseMatrix<double>(0, 0), VectorX(0), x));
  EXPECT_EQ(x.size(), 0);
  ASSERT_TRUE(solver.solve_same_matrix(Eigen::SparseMatrix<double>(0, 0), VectorX(0), y));
  EXPECT_EQ(y.size(), 0);
}

}  // namespace
}  // namespace ripple
