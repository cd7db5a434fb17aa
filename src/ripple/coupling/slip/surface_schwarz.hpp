#pragma once
// Preconditioner of the slip projection's system K (cells' divergence rows first, then the ghost
// cells' and the constraints' rows, then any deformable solid unknowns): symmetric
// multiplicative Schwarz over two overlapping blocks. The surface block holds every row after the
// cells' plus the cell rows they touch in K, and is solved exactly (sparse Cholesky); the cells'
// block is approximated by a given preconditioner (the multigrid V-cycle of
// cell_block_multigrid.hpp). One application is surface, cells, surface:
//     z  = S r,   z += B (r - K z),   z += S (r - K z),
// with S = P (P^T K P)^-1 P^T. It is symmetric, and positive definite when B is, so CG may use it.
// The constraints' rows couple strongly to the cells next to them; a block-diagonal
// preconditioner that ignores that coupling needs several times as many CG iterations.
#include <functional>
#include <vector>

#include "ripple/solver/form.hpp"
#include "ripple/solver/sparse_spd_solver.hpp"

namespace ripple {

class SurfaceSchwarz {
 public:
  /// K = [a 0; 0 0] + extra: `a` (n x n) is the large sparse part, `extra` (N x N, N >= n) the
  /// rest (the solids' blocks; empty when N = n and there is none). Neither is kept. Rows 0 to
  /// `lead` - 1 are the cells' rows, preconditioned by `lead_apply` (z ~ K(0:lead, 0:lead)^-1 r).
  /// Throws SimulationError when the surface block cannot be factorised.
  SurfaceSchwarz(const SparseMatrix& a, const SparseMatrix& extra, int64_t lead,
                 std::function<void(const VectorX&, VectorX&)> lead_apply);
  void apply(const VectorX& r, VectorX& z);
  /// Rows of the surface block.
  int64_t surface_rows() const { return static_cast<int64_t>(rows_.size()); }

 private:
  void surface_solve(const VectorX& r, const VectorX& z, VectorX& dz);  // dz = (P^T K P)^-1 P^T (r - K z)
  int64_t lead_;
  std::function<void(const VectorX&, VectorX&)> lead_apply_;
  std::vector<int64_t> rows_;                          ///< the surface block's rows of K
  Eigen::SparseMatrix<double, Eigen::RowMajor> pk_;    ///< P^T K
  SparseMatrix block_;                                 ///< P^T K P
  SparseSpdSolver factor_;
  VectorX rs_, zs_, lead_z_;
};

}  // namespace ripple
