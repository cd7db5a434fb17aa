#pragma once
// Sparse symmetric positive-definite solves for Newton steps: CHOLMOD's supernodal Cholesky
// (SuiteSparse, through Eigen's CholmodSupport) by default, Jacobi-preconditioned CG as the
// fallback (chosen, or used when the factorisation fails).
#include <Eigen/SparseCore>
#include <string>

#include "ripple/core/types.hpp"

namespace ripple {

enum class LinearSolverKind { cholmod, pcg };

class SparseSpdSolver {
 public:
  explicit SparseSpdSolver(LinearSolverKind kind = LinearSolverKind::cholmod) : kind_(kind) {}
  /// Solves A x = b; returns false when neither solver produced a finite answer.
  bool solve(const Eigen::SparseMatrix<double>& A, const VectorX& b, VectorX& x);
  /// The solver that produced the last answer: "cholmod" or "pcg".
  const std::string& last_used() const { return last_used_; }

 private:
  LinearSolverKind kind_;
  std::string last_used_;
};

}  // namespace ripple
