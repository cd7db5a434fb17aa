// The LDL^T split K = Q D Q^T (Takahashi & Batty 2022, Sec. 3.7.3) and the dual form it makes
// possible: min 1/2 |x - x*|^2_M + 1/2 x^T K x through the compliant rows Q^T x with
// compliance D^-1 (Eq. 22-24) must give the same x as the direct solve (M + K) x = M x*, for a
// definite K and for a semi-definite one (a free chain of springs: a rigid translation costs
// nothing, and the floor clamps its zero pivot). The incomplete split (Table 1's IC) is exact
// where the factor has no fill and an approximation of K where it has.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <random>

#include "ripple/core/errors.hpp"
#include "ripple/solver/ldlt_split.hpp"

namespace ripple {
namespace {

/// A chain of n points joined by springs k along one axis (semi-definite: translation is free),
/// plus `anchor` times the identity.
SparseMatrix spring_chain(int n, double k, double anchor) {
  std::vector<Triplet> t;
  for (int i = 0; i + 1 < n; ++i) {
    t.emplace_back(i, i, k);
    t.emplace_back(i + 1, i + 1, k);
    t.emplace_back(i, i + 1, -k);
    t.emplace_back(i + 1, i, -k);
  }
  for (int i = 0; i < n; ++i) t.emplace_back(i, i, anchor);
  SparseMatrix m(n, n);
  m.setFromTriplets(t.begin(), t.end());
  return m;
}

void expect_dual_matches_direct(const SparseMatrix& k, double tolerance) {
  const int n = static_cast<int>(k.rows());
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(0.5, 2.0);
  VectorX mass(n), target(n);
  for (int i = 0; i < n; ++i) {
    mass[i] = u(rng);
    target[i] = u(rng) - 1.25;
  }
  const LdltSplit s = ldlt_split(k);
  // Q D Q^T reproduces K (to the floor's clamp).
  const Eigen::MatrixXd qdq = Eigen::MatrixXd(s.q) * s.diagonal.asDiagonal() * Eigen::MatrixXd(s.q).transpose();
  EXPECT_LT((qdq - Eigen::MatrixXd(k)).cwiseAbs().maxCoeff(), 1e-9 * Eigen::MatrixXd(k).cwiseAbs().maxCoeff());
  // Direct: (M + K) x = M x*.
  const Eigen::MatrixXd direct_matrix = Eigen::MatrixXd(mass.asDiagonal()) + Eigen::MatrixXd(k);
  const VectorX direct = direct_matrix.ldlt().solve(mass.cwiseProduct(target));
  // Dual: (Q^T M^-1 Q + D^-1) w = -Q^T x*, x = x* + M^-1 Q w.
  const Eigen::MatrixXd q = Eigen::MatrixXd(s.q);
  const Eigen::MatrixXd dual = q.transpose() * mass.cwiseInverse().asDiagonal() * q +
                               Eigen::MatrixXd(s.diagonal.cwiseInverse().asDiagonal());
  const VectorX w = dual.ldlt().solve(-(q.transpose() * target));
  const VectorX x = target + mass.cwiseInverse().cwiseProduct(q * w);
  EXPECT_LT((x - direct).cwiseAbs().maxCoeff(), tolerance * direct.cwiseAbs().maxCoeff());
}

TEST(LdltSplit, DefiniteStiffnessGivesTheDirectSolution) {
  expect_dual_matches_direct(spring_chain(12, 50.0, 0.3), 1e-9);
}

TEST(LdltSplit, SemiDefiniteStiffnessClampsItsZeroPivotAndStillMatches) {
  const SparseMatrix k = spring_chain(12, 50.0, 0.0);
  const LdltSplit s = ldlt_split(k);
  EXPECT_TRUE(s.clamped >= 1 || s.shifted);  // the free translation's zero pivot
  EXPECT_GT(s.diagonal.minCoeff(), 0.0);
  expect_dual_matches_direct(k, 1e-7);
}

TEST(LdltSplit, NonFiniteEntriesAreRefused) {
  SparseMatrix k = spring_chain(4, 1.0, 1.0);
  k.coeffRef(1, 1) = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(ldlt_split(k), SimulationError);
}

/// The 7-point Laplacian of an n^3 grid plus `anchor` on the diagonal: its Cholesky factor fills in.
SparseMatrix grid_laplacian(int n, double anchor) {
  std::vector<Triplet> t;
  auto id = [n](int i, int j, int k) { return (k * n + j) * n + i; };
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        t.emplace_back(id(i, j, k), id(i, j, k), anchor);
        const int nb[3][3] = {{i + 1, j, k}, {i, j + 1, k}, {i, j, k + 1}};
        for (const auto& b : nb) {
          if (b[0] >= n || b[1] >= n || b[2] >= n) continue;
          const int p = id(i, j, k), q = id(b[0], b[1], b[2]);
          t.emplace_back(p, p, 1.0);
          t.emplace_back(q, q, 1.0);
          t.emplace_back(p, q, -1.0);
          t.emplace_back(q, p, -1.0);
        }
      }
  SparseMatrix m(n * n * n, n * n * n);
  m.setFromTriplets(t.begin(), t.end());
  return m;
}

double relative_error(const LdltSplit& s, const SparseMatrix& k) {
  const Eigen::MatrixXd qdq = Eigen::MatrixXd(s.q) * s.diagonal.asDiagonal() * Eigen::MatrixXd(s.q).transpose();
  return (qdq - Eigen::MatrixXd(k)).norm() / Eigen::MatrixXd(k).norm();
}

TEST(IncompleteLdltSplit, ExactWhereTheFactorHasNoFillApproximateWhereItHas) {
  // A chain's factor has no fill: the incomplete factor is the exact one.
  const SparseMatrix chain = spring_chain(12, 50.0, 0.3);
  const LdltSplit exact = incomplete_ldlt_split(chain);
  EXPECT_LT(relative_error(exact, chain), 1e-10);
  // A 3D Laplacian's does: Q D Q^T approximates K, with Q unit lower triangular up to P and D
  // positive, and solve_q_transpose inverts Q^T.
  const SparseMatrix k = grid_laplacian(5, 0.1);
  const LdltSplit s = incomplete_ldlt_split(k);
  const double error = relative_error(s, k);
  EXPECT_GT(error, 1e-4);
  EXPECT_LT(error, 0.3);
  EXPECT_GT(s.diagonal.minCoeff(), 0.0);
  EXPECT_LE(s.q.nonZeros(), (k.nonZeros() + k.rows()) / 2);  // no more entries than K's lower triangle
  const Eigen::MatrixXd l = Eigen::MatrixXd(s.l);
  EXPECT_LT((l.diagonal().array() - 1.0).abs().maxCoeff(), 1e-14);
  EXPECT_LT(l.triangularView<Eigen::StrictlyUpper>().toDenseMatrix().cwiseAbs().maxCoeff(), 1e-300);
  const VectorX x = VectorX::LinSpaced(k.rows(), -1.0, 2.0);
  EXPECT_LT((solve_q_transpose(s, s.q.transpose() * x) - x).cwiseAbs().maxCoeff(), 1e-10);
  SparseMatrix bad = chain;
  bad.coeffRef(2, 2) = std::numeric_limits<double>::infinity();
  EXPECT_THROW(incomplete_ldlt_split(bad), SimulationError);
}

}  // namespace
}  // namespace ripple
