#pragma once
// Preconditioner of the slip projection's multiplier system K (cells' divergence rows first, then
// the ghost cells' and the constraints' rows): symmetric multiplicative Schwarz over two
// overlapping blocks. The surface block holds every row after the cells' plus the cell rows
// they touch in K, and is solved by sparse Cholesky; the cells' block is
// approximated by a given preconditioner (the multigrid V-cycle of cell_block_multigrid.hpp).
// One application is surface, cells, surface:
//     z  = S r,   z += B (r - K z),   z += S (r - K z),
// with S = P (P^T K P)^-1 P^T (without solids' response: exact). It is symmetric, and positive
// definite when B is, so CG may use it.
// The constraints' rows couple strongly to the cells next to them; a block-diagonal
// preconditioner that ignores that coupling needs several times as many CG iterations.
//
// With deformable solids K holds their response as a Schur complement, K = K0 + g h^-1 g^T (g:
// the constraint rows' columns of the solids' unknowns, h = M + dt^2 K_s), which is dense over
// the rows that touch a solid. The surface block takes a diagonal D >= h^-1 in its place (the
// inverse masses: M + dt^2 K_s >= M), P^T (K0 + g D g^T) P, sparse and SPD. The block is then
// no smaller than the exact one, which keeps the cycle positive definite (a symmetric
// multiplicative Schwarz cycle needs 2 S^-1 > P^T K P of its inexact block solve S), and its
// sparse Cholesky factor is several times cheaper than the quasi-definite LDL^T of
// [P^T K0 P, P^T g; g^T P, -h] that would hold h^-1 exactly; the residuals use h^-1 exactly.
#include <functional>
#include <vector>

#include "ripple/solver/form.hpp"
#include "ripple/solver/sparse_spd_solver.hpp"

namespace ripple {

/// The deformable solids' part of K = K0 + g h^-1 g^T.
struct SurfaceResponse {
  const SparseMatrix* g = nullptr;  ///< N x m, its rows at `lead` or after
  VectorX bound;                    ///< m, a diagonal D >= h^-1 (the inverse masses)
  std::function<void(const VectorX& x, VectorX& y)> h_solve;  ///< y = h^-1 x
};

class SurfaceSchwarz {
 public:
  /// K0 = [a 0; 0 0] + extra: `a` (n x n) is the large sparse part, `extra` (N x N, N >= n) the
  /// rest (empty when N = n and there is none); with `response`, K = K0 + g h^-1 g^T. None is
  /// kept. Rows 0 to `lead` - 1 are the cells' rows, preconditioned by `lead_apply`
  /// (z ~ K(0:lead, 0:lead)^-1 r). Throws SimulationError when the surface block cannot be
  /// factorised.
  SurfaceSchwarz(const SparseMatrix& a, const SparseMatrix& extra, int64_t lead,
                 std::function<void(const VectorX&, VectorX&)> lead_apply, const SurfaceResponse* response = nullptr);
  void apply(const VectorX& r, VectorX& z);
  /// Rows of the surface block.
  int64_t surface_rows() const { return static_cast<int64_t>(rows_.size()); }

 private:
  /// dz = S rs (the surface block's factor).
  void block_solve(const VectorX& rs, VectorX& dz);
  /// Gathers the surface rows, P^T K0 and P^T K0 P; returns each row of K's place in the block.
  std::vector<int64_t> gather(const SparseMatrix& a, const SparseMatrix& extra);
  int64_t lead_;
  std::function<void(const VectorX&, VectorX&)> lead_apply_;
  std::function<void(const VectorX&, VectorX&)> h_solve_;  ///< y = h^-1 x (with a response)
  std::vector<int64_t> rows_;                          ///< the surface block's rows of K
  Eigen::SparseMatrix<double, Eigen::RowMajor> pk_;    ///< P^T K0
  SparseMatrix block_;                                 ///< P^T (K0 + g D g^T) P
  SparseMatrix pg_;                                    ///< P^T g (with a response)
  SparseSpdSolver factor_;
  VectorX rs_, zs_, y_, dz_, lead_z_;
};

}  // namespace ripple
