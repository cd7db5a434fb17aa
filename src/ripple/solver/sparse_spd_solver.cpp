#include "ripple/solver/sparse_spd_solver.hpp"

#include <Eigen/CholmodSupport>
#include <Eigen/IterativeLinearSolvers>

namespace ripple {

bool SparseSpdSolver::solve(const Eigen::SparseMatrix<double>& A, const VectorX& b, VectorX& x) {
  if (kind_ == LinearSolverKind::cholmod) {
    Eigen::CholmodSupernodalLLT<Eigen::SparseMatrix<double>> llt;
    llt.compute(A);
    if (llt.info() == Eigen::Success) {
      x = llt.solve(b);
      if (llt.info() == Eigen::Success && x.allFinite()) {
        last_used_ = "cholmod";
        return true;
      }
    }
  }
  Eigen::ConjugateGradient<Eigen::SparseMatrix<double>, Eigen::Lower | Eigen::Upper> cg;
  cg.setTolerance(1e-10);
  cg.setMaxIterations(std::max<Eigen::Index>(1000, 2 * A.rows()));
  cg.compute(A);
  x = cg.solve(b);
  last_used_ = "pcg";
  return x.allFinite();
}

}  // namespace ripple
