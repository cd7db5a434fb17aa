#pragma once
// The projection's multipliers mu (pressures times dt, constraint impulses) when deformable
// solids answer through H = M + dt^2 K (solid_response.hpp): (A + B H^-1 B^T) mu = r, whose
// H^-1 is dense. With w = H^-1 B^T mu the symmetric indefinite pair
//     [ A    B ] [mu]   [r]
//     [ B^T -H ] [ w] = [0]
// is made positive definite by splitting H = Z1 + Z2, Z1 = sigma M (the transformation of
// Zarifi & Batty 2017, Eq. 28-33, applied to this dual system):
//     [ A + B Z1^-1 B^T    -B Z1^-1 Z2    ] [mu]   [r]
//     [ -Z2 Z1^-1 B^T      Z2 + Z2 Z1^-1 Z2 ] [ w] = [0],
// which is [A 0; 0 Z2] + [B; -Z2] Z1^-1 [B^T -Z2], sparse and SPD. Conjugate gradients,
// preconditioned, when a preconditioner for the leading rows (the liquid cells': multigrid,
// cell_block_multigrid.hpp) is given, by the surface Schwarz cycle over the whole system
// (surface_schwarz.hpp: the rows near the surfaces and the deformable unknowns by sparse
// Cholesky); otherwise block-diagonally, incomplete Cholesky on the first block and the second
// exactly (CHOLMOD). Without B (no deformable unknown) the system is A alone.
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

/// Solves for mu (initial guess on entry) and, with B, w = H^-1 B^T mu (the deformable
/// unknowns' response); A is `a` plus `low_rank`. `z1` is the diagonal of Z1 (sigma M) over the
/// deformable unknowns.
CoupledSolveResult solve_coupled_multipliers(const SparseMatrix& a, const SparseMatrix* b_matrix,
                                             const SparseMatrix* h, const VectorX* z1, const VectorX& r, VectorX& mu,
                                             VectorX& w, double tolerance, int max_iterations,
                                             const LeadingBlock& leading = {}, const LowRankTerm& low_rank = {});

}  // namespace ripple
