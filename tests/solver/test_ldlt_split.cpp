// The LDL^T split K = Q D Q^T (Takahashi & Batty 2022, Sec. 3.7.3) and the dual form it makes
// possible: min 1/2 |x - x*|^2_M + 1/2 x^T K x through the compliant rows Q^T x with
// compliance D^-1 (Eq. 22-24) must give the same x as the direct solve (M + K) x = M x*, for a
// definite K and for a semi-definite one (a free chain of springs: a rigid translation costs
// nothing, and the floor clamps its zero pivot).
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

}  // namespace
}  // namespace ripple
