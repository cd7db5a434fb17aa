#include "ripple/solver/sparse_spd_solver.hpp"

#include <Eigen/CholmodSupport>
#include <Eigen/IterativeLinearSolvers>
#include <dlfcn.h>

#include <mutex>

namespace ripple {
namespace {

/// A multithreaded BLAS (OpenBLAS) under CHOLMOD fights the TBB workers for the cores and was
/// measured 10x slower than one BLAS thread here; ripple parallelises around the solve
/// instead. Looked up at run time so any BLAS works.
void single_threaded_blas() {
  static std::once_flag once;
  std::call_once(once, [] {
    using SetThreads = void (*)(int);
    if (auto f = reinterpret_cast<SetThreads>(dlsym(RTLD_DEFAULT, "openblas_set_num_threads"))) f(1);
  });
}

}  // namespace

bool SparseSpdSolver::solve(const Eigen::SparseMatrix<double>& A, const VectorX& b, VectorX& x) {
  if (kind_ == LinearSolverKind::cholmod) {
    single_threaded_blas();
    Eigen::CholmodSupernodalLLT<Eigen::SparseMatrix<double>> llt;
    // One AMD ordering: CHOLMOD's default also tries METIS and NESDIS when AMD's fill looks
    // high, which costs more than the factorisation for these mesh-like matrices.
    llt.cholmod().nmethods = 1;
    llt.cholmod().method[0].ordering = CHOLMOD_AMD;
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
