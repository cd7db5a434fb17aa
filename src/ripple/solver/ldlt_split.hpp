#pragma once
// A symmetric positive semi-definite matrix split as K = Q D Q^T with D diagonal and positive:
// the LDL^T factorisation with a fill-reducing (AMD) ordering P, K = P^T L D L^T P and
// Q = P^T L (Takahashi & Batty 2022, Sec. 3.7.3). D's entries below epsilon times its largest
// are clamped up to that (the paper's epsilon_c): a projected elastic Hessian is only
// semi-definite (free bodies' rigid motions) and round-off can leave tiny negative pivots.
// The split lets a quadratic 1/2 x^T K x enter a dual problem as the compliant rows Q^T x
// with compliance D^-1, so no inverse of K is ever formed.
#include "ripple/solver/form.hpp"

namespace ripple {

struct LdltSplit {
  SparseMatrix q;       ///< n x m, Q = P^T L (n x n, not triangular in general) for the factorisations
  SparseMatrix l;       ///< n x n, L (unit lower triangular)
  Eigen::PermutationMatrix<Eigen::Dynamic, Eigen::Dynamic, int> p;  ///< P
  VectorX diagonal;     ///< n, D after clamping (positive)
  int clamped = 0;      ///< pivots raised to the floor
  bool shifted = false; ///< an exact zero pivot stopped the factorisation: K + floor I was split
};

/// Q^-T r (one sparse triangular solve; Q square, from a factorisation).
VectorX solve_q_transpose(const LdltSplit& split, const VectorX& r);

/// Splits K (n x n, both triangles stored). relative_floor: the clamp, relative to max D.
/// Throws SimulationError when K holds non-finite entries.
LdltSplit ldlt_split(const SparseMatrix& k, double relative_floor = 1e-10);

/// K (n x n, both triangles stored, positive definite) approximated by its incomplete Cholesky
/// factorisation with no fill beyond K's own count of entries per column (Lin & More 1999, as
/// Eigen implements it, with its AMD ordering, scaling and diagonal shift), written as
/// Q D Q^T ~ K with Q = P^T L (L unit lower triangular): the IC scheme of Takahashi & Batty
/// 2022, Table 1. Throws SimulationError when K holds non-finite entries or the factorisation fails.
LdltSplit incomplete_ldlt_split(const SparseMatrix& k);

}  // namespace ripple
