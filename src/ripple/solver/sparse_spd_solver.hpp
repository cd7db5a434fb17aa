#pragma once
// Sparse symmetric positive-definite solves for Newton steps: CHOLMOD's Cholesky LL^T, simplicial
// or supernodal as its analysis finds cheaper (SuiteSparse, through Eigen's CholmodSupport), by
// default; Jacobi-preconditioned CG as the fallback (chosen, or used when the factorisation fails).
#include <Eigen/SparseCore>
#include <memory>
#include <string>
#include <vector>

#include "ripple/core/types.hpp"

namespace ripple {

enum class LinearSolverKind { cholmod, pcg };

/// Keeps CHOLMOD's symbolic analysis (ordering and supernodes) while the matrix's sparsity
/// pattern stays the same, so repeated Newton solves pay only the numeric factorisation.
class SparseSpdSolver {
 public:
  explicit SparseSpdSolver(LinearSolverKind kind = LinearSolverKind::cholmod);
  ~SparseSpdSolver();
  SparseSpdSolver(const SparseSpdSolver&) = delete;
  SparseSpdSolver& operator=(const SparseSpdSolver&) = delete;
  /// Solves A x = b; returns false when neither solver produced a finite answer.
  bool solve(const Eigen::SparseMatrix<double>& A, const VectorX& b, VectorX& x);
  /// Solves A y = c for another right-hand side with the matrix of the last successful
  /// solve (same A): CHOLMOD reuses its factor, CG runs again.
  bool solve_same_matrix(const Eigen::SparseMatrix<double>& A, const VectorX& c, VectorX& y);
  /// The solver that produced the last answer: "cholmod", "pcg", or "none" for an empty system.
  const std::string& last_used() const { return last_used_; }
  /// Symbolic analyses done so far (one per new sparsity pattern).
  int analyses() const { return analyses_; }
  /// Shifted re-factorisations tried after CHOLMOD found the matrix not positive definite.
  int shifted() const { return shifted_; }

 private:
  struct Cholmod;
  LinearSolverKind kind_;
  std::string last_used_;
  std::unique_ptr<Cholmod> cholmod_;
  std::vector<int> pattern_outer_, pattern_inner_;  ///< pattern of the analysed matrix
  int analyses_ = 0;
  int shifted_ = 0;
};

}  // namespace ripple
