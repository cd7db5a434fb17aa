#pragma once
// Preconditioner of the slip projection's multiplier matrix A (cells' divergence rows first, then
// the ghost cells' and the constraints' rows): symmetric multiplicative Schwarz over two
// overlapping blocks. The surface block holds the rows that are not cells' plus the cell rows
// they touch in A, and is solved exactly (sparse Cholesky); the cells' block is approximated by
// a given preconditioner (the multigrid V-cycle of cell_block_multigrid.hpp). One application is
// surface, cells, surface:
//     z  = S r,   z += B (r - A z),   z += S (r - A z),
// with S = P (P^T A P)^-1 P^T. It is symmetric, and positive definite when B is, so CG may use it.
// The constraints' rows couple strongly to the cells next to them; a block-diagonal
// preconditioner that ignores that coupling needs several times as many CG iterations.
#include <functional>
#include <memory>
#include <vector>

#include "ripple/solver/form.hpp"
#include "ripple/solver/sparse_spd_solver.hpp"

namespace ripple {

class SurfaceSchwarz {
 public:
  /// `a`: the SPD matrix (rows x rows); rows 0 to `lead` - 1 are the cells' rows, preconditioned
  /// by `lead_apply` (z ~ A(0:lead, 0:lead)^-1 r). Throws SimulationError when the surface block
  /// cannot be factorised.
  SurfaceSchwarz(const SparseMatrix& a, int64_t lead, std::function<void(const VectorX&, VectorX&)> lead_apply);
  void apply(const VectorX& r, VectorX& z);
  /// Rows of the surface block.
  int64_t surface_rows() const { return static_cast<int64_t>(rows_.size()); }

 private:
  void surface_solve(const VectorX& r, const VectorX& z, VectorX& dz);  // dz = (P^T A P)^-1 P^T (r - A z)
  const SparseMatrix& a_;
  int64_t lead_;
  std::function<void(const VectorX&, VectorX&)> lead_apply_;
  std::vector<int64_t> rows_;                          ///< the surface block's rows of A
  Eigen::SparseMatrix<double, Eigen::RowMajor> pa_;    ///< P^T A
  SparseMatrix block_;                                 ///< P^T A P
  SparseSpdSolver factor_;
  VectorX rs_, zs_, lead_z_;
};

}  // namespace ripple
