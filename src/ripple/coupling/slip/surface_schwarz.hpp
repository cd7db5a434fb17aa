#pragma once
// Preconditioner of the slip projection's multiplier system K (cells' divergence rows first, then
// the ghost cells' and the constraints' rows): symmetric multiplicative Schwarz over two
// overlapping blocks. The surface block holds every row after the cells' plus the cell rows
// they touch in K, and is solved exactly (sparse factorisation); the cells' block is
// approximated by a given preconditioner (the multigrid V-cycle of cell_block_multigrid.hpp).
// One application is surface, cells, surface:
//     z  = S r,   z += B (r - K z),   z += S (r - K z),
// with S = P (P^T K P)^-1 P^T. It is symmetric, and positive definite when B is, so CG may use it.
// The constraints' rows couple strongly to the cells next to them; a block-diagonal
// preconditioner that ignores that coupling needs several times as many CG iterations.
//
// With deformable solids K holds their response as a Schur complement, K = K0 + G H^-1 G^T (G:
// the constraint rows' columns of the solids' unknowns, H = M + dt^2 K_s), which is dense over
// the rows that touch a solid. Its surface block is then solved through the sparse
// quasi-definite matrix
//     [ P^T K0 P    P^T G ]
//     [ G^T P        -H   ],
// whose LDL^T factorisation exists in any ordering (Vanderbei 1995) and whose solve gives
// (P^T K P)^-1 exactly, with H^-1 G^T z as a by-product the second residual reuses.
#include <functional>
#include <vector>

#include <Eigen/SparseCholesky>

#include "ripple/solver/form.hpp"
#include "ripple/solver/sparse_spd_solver.hpp"

namespace ripple {

class SurfaceSchwarz {
 public:
  /// K0 = [a 0; 0 0] + extra: `a` (n x n) is the large sparse part, `extra` (N x N, N >= n) the
  /// rest (empty when N = n and there is none). With `g` (N x m, rows at `lead` or after only)
  /// and `h` (m x m, SPD), K = K0 + g h^-1 g^T. None is kept. Rows 0 to `lead` - 1 are the cells'
  /// rows, preconditioned by `lead_apply` (z ~ K(0:lead, 0:lead)^-1 r). Throws SimulationError
  /// when the surface block cannot be factorised.
  SurfaceSchwarz(const SparseMatrix& a, const SparseMatrix& extra, int64_t lead,
                 std::function<void(const VectorX&, VectorX&)> lead_apply, const SparseMatrix* g = nullptr,
                 const SparseMatrix* h = nullptr);
  void apply(const VectorX& r, VectorX& z);
  /// Rows of the surface block.
  int64_t surface_rows() const { return static_cast<int64_t>(rows_.size()); }

 private:
  /// dz = (P^T K P)^-1 rs; y = h^-1 g^T P dz (with g).
  void block_solve(const VectorX& rs, VectorX& dz, VectorX& y);
  int64_t lead_;
  std::function<void(const VectorX&, VectorX&)> lead_apply_;
  std::vector<int64_t> rows_;                          ///< the surface block's rows of K
  Eigen::SparseMatrix<double, Eigen::RowMajor> pk_;    ///< P^T K0
  SparseMatrix block_;                                 ///< P^T K0 P, or the quasi-definite matrix with g
  SparseMatrix pg_;                                    ///< P^T g (with g)
  SparseSpdSolver factor_;                             ///< without g
  /// With g: LDL^T without pivoting (a quasi-definite matrix needs none; Vanderbei 1995), its
  /// pivots' signs checked. CHOLMOD factors such a matrix only simplicially too, no faster.
  Eigen::SimplicialLDLT<SparseMatrix, Eigen::Lower, Eigen::AMDOrdering<int>> quasi_;
  bool eliminated_ = false;
  VectorX rs_, zs_, y_, dz_, y2_, lead_z_, augmented_;
};

}  // namespace ripple
