#pragma once
// The projection's multipliers mu (pressures times dt, constraint impulses) when deformable
// solids answer through H = M + dt^2 K (solid_response.hpp): the Schur complement system
//     (A + B H^-1 B^T) mu = r,   w = H^-1 B^T mu,
// which is SPD, solved by conjugate gradients with H^-1 applied through H's sparse Cholesky
// factor (one solve per iteration; H^-1 itself is dense and never formed). The preconditioner,
// when one for the leading rows (the liquid cells': multigrid, cell_block_multigrid.hpp) is
// given, is the surface Schwarz cycle (surface_schwarz.hpp), whose surface block holds the
// solids' response through a diagonal bound D >= H^-1 (the inverse masses); otherwise incomplete
// Cholesky of A. Without B (no deformable unknown) the system is A alone.
#include <functional>

#include "ripple/solver/form.hpp"

namespace ripple {

struct CoupledSolveResult {
  int iterations = 0;
  double residual = 0.0;  ///< relative residual (2-norm) of the system solved
  bool converged = true;
  double setup_seconds = 0.0;  ///< building the preconditioner
  double solve_seconds = 0.0;  ///< the iterations
};

/// A preconditioner for the first `rows` rows of the first block (none: `rows` 0).
struct LeadingBlock {
  int64_t rows = 0;
  std::function<void(const VectorX& r, VectorX& z)> apply;
};

/// A term C M^-1 C^T added to A and applied without forming it: the rigid bodies' part, whose
/// 6 columns per body touch every constraint row of that body (formed, it would be dense over
/// them).
struct LowRankTerm {
  const SparseMatrix* c = nullptr;             ///< rows of A x unknowns
  const SparseMatrix* inverse_mass = nullptr;  ///< unknowns x unknowns
};

/// Solves for mu (initial guess on entry) and, with B (rows of A x m) and H (m x m, SPD),
/// w = H^-1 B^T mu (the deformable unknowns' response); A is `a` plus `low_rank`. With B and a
/// leading block, `response_bound` (m, a diagonal no smaller than H^-1) is required.
CoupledSolveResult solve_coupled_multipliers(const SparseMatrix& a, const SparseMatrix* b_matrix,
                                             const SparseMatrix* h, const VectorX& r, VectorX& mu, VectorX& w,
                                             double tolerance, int max_iterations, const LeadingBlock& leading = {},
                                             const LowRankTerm& low_rank = {}, const VectorX* response_bound = nullptr);

}  // namespace ripple
