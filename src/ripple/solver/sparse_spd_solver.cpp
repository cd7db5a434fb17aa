#include "ripple/solver/sparse_spd_solver.hpp"

#include <Eigen/CholmodSupport>
#include <Eigen/IterativeLinearSolvers>
#include <dlfcn.h>

#include <algorithm>
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

/// Debian's CHOLMOD (SuiteSparse 5) runs some loops of its supernodal factorisation in OpenMP
/// teams of a fixed 4 threads (num_threads clause), which on a 2-core machine spent most of
/// the factorisation switching threads (300k context switches in 15 cloth steps, 3x slower),
/// and whose idle workers then spin in libgomp (a quarter of all cloth-step samples in perf,
/// taken from the TBB workers). The BLAS does the heavy work single-threaded anyway, so every
/// OpenMP region runs on the calling thread: max-active-levels 0 makes all regions inactive
/// (OpenMP 5.0, 2.6.1), whatever the num_threads clause says. Looked up at run time, like the
/// BLAS setting, so a build without libgomp works too.
void single_threaded_openmp() {
  static std::once_flag once;
  std::call_once(once, [] {
    using SetLevels = void (*)(int);
    if (auto f = reinterpret_cast<SetLevels>(dlsym(RTLD_DEFAULT, "omp_set_max_active_levels"))) f(0);
  });
}

/// The fallback: Jacobi-preconditioned CG to a relative residual of 1e-10.
bool cg_solve(const Eigen::SparseMatrix<double>& A, const VectorX& b, VectorX& x) {
  Eigen::ConjugateGradient<Eigen::SparseMatrix<double>, Eigen::Lower | Eigen::Upper> cg;
  cg.setTolerance(1e-10);
  cg.setMaxIterations(std::max<Eigen::Index>(1000, 2 * A.rows()));
  cg.compute(A);
  x = cg.solve(b);
  return x.allFinite();
}

}  // namespace

struct SparseSpdSolver::Cholmod {
  Eigen::CholmodDecomposition<Eigen::SparseMatrix<double>> llt;
  Cholmod() {
    // CHOLMOD picks simplicial or supernodal LL^T from the analysed flop count per nonzero of
    // L. The barrier coupling's systems (a few hundred solid vertices plus a diagonal block of
    // level-set unknowns) factor 3x faster simplicially (3.4 -> 1.1 ms per Newton iteration on
    // drop_through_band); a fine cloth still gets supernodal (docs/performance.md).
    llt.setMode(Eigen::CholmodAuto);
    // Always LL^T: a simplicial LDL^T "succeeds" on an indefinite matrix (negative D), which
    // would hide the failure that the shifted re-factorisation below relies on.
    llt.cholmod().final_asis = 0;
    llt.cholmod().final_ll = 1;
    // One AMD ordering: CHOLMOD's default also tries METIS and NESDIS when AMD's fill looks
    // high, which costs more than the factorisation for these mesh-like matrices.
    llt.cholmod().nmethods = 1;
    llt.cholmod().method[0].ordering = CHOLMOD_AMD;
    llt.cholmod().print = 0;  // a failed factorisation is retried with a shift and counted
  }
};

SparseSpdSolver::SparseSpdSolver(LinearSolverKind kind) : kind_(kind) {}
SparseSpdSolver::~SparseSpdSolver() = default;

bool SparseSpdSolver::solve(const Eigen::SparseMatrix<double>& A, const VectorX& b, VectorX& x) {
  if (A.rows() == 0) {  // nothing to solve for (e.g. a coupled step with no unknowns)
    x.resize(0);
    last_used_ = "none";
    return true;
  }
  if (kind_ == LinearSolverKind::cholmod) {
    single_threaded_blas();
    single_threaded_openmp();
    if (!cholmod_) cholmod_ = std::make_unique<Cholmod>();
    auto& llt = cholmod_->llt;
    const int* outer = A.outerIndexPtr();
    const int* inner = A.innerIndexPtr();
    const bool same_pattern = A.isCompressed() && pattern_outer_.size() == size_t(A.outerSize() + 1) &&
                              pattern_inner_.size() == size_t(A.nonZeros()) &&
                              std::equal(pattern_outer_.begin(), pattern_outer_.end(), outer) &&
                              std::equal(pattern_inner_.begin(), pattern_inner_.end(), inner);
    if (!same_pattern) {
      llt.analyzePattern(A);
      ++analyses_;
      if (A.isCompressed()) {
        pattern_outer_.assign(outer, outer + A.outerSize() + 1);
        pattern_inner_.assign(inner, inner + A.nonZeros());
      } else {
        pattern_outer_.clear();
      }
    }
    llt.setShift(0.0);
    llt.factorize(A);
    // A PSD-projected Hessian can still fail in round-off when its diagonal spans many orders
    // (the barrier method's air cells weigh rho_a dx^3 next to stiff contacts): factor
    // A + shift I with a shift from 1e-12 up to 1e-6 of the largest diagonal entry, a slightly
    // shortened Newton step, rather than fall back to CG on a near-singular matrix.
    if (llt.info() != Eigen::Success) {
      const double top = A.diagonal().cwiseAbs().maxCoeff();
      const bool shiftable = top > 0.0;  // a zero or NaN diagonal has no scale to shift by
      for (double shift = 1e-12 * top; shiftable && shift <= 1e-6 * top && llt.info() != Eigen::Success;
           shift *= 100.0) {
        llt.setShift(shift);
        llt.factorize(A);
        ++shifted_;
      }
    }
    if (llt.info() == Eigen::Success) {
      x = llt.solve(b);
      if (llt.info() == Eigen::Success && x.allFinite()) {
        last_used_ = "cholmod";
        return true;
      }
    }
    pattern_outer_.clear();  // analyse afresh next time
  }
  last_used_ = "pcg";
  return cg_solve(A, b, x);
}

bool SparseSpdSolver::solve_same_matrix(const Eigen::SparseMatrix<double>& A, const VectorX& c, VectorX& y) {
  if (A.rows() == 0) {
    y.resize(0);
    return true;
  }
  if (last_used_ == "cholmod" && cholmod_) {
    y = cholmod_->llt.solve(c);
    return cholmod_->llt.info() == Eigen::Success && y.allFinite();
  }
  return cg_solve(A, c, y);
}

}  // namespace ripple
