#include "ripple/coupling/slip/coupled_solve.hpp"

#include <memory>

#include <Eigen/IterativeLinearSolvers>

#include "ripple/core/errors.hpp"
#include "ripple/core/phase_timer.hpp"
#include "ripple/core/parallel.hpp"
#include "ripple/coupling/slip/surface_schwarz.hpp"
#include "ripple/solver/operator_pcg.hpp"
#include "ripple/solver/sparse_spd_solver.hpp"

namespace ripple {
namespace {

/// out.head(n) = a v for a symmetric `a` (n x n, column-major): row i is column i, so the rows
/// are summed in parallel without a transposed copy.
void symmetric_product(const SparseMatrix& a, const Eigen::Ref<const VectorX>& v, VectorX& out) {
  parallel_for(0, a.cols(), [&](int64_t c) {
    double sum = 0.0;
    for (SparseMatrix::InnerIterator it(a, c); it; ++it) sum += it.value() * v[it.row()];
    out[c] = sum;
  }, 4096);
}

}  // namespace

CoupledSolveResult solve_coupled_multipliers(const SparseMatrix& a, const SparseMatrix* bm, const SparseMatrix* h,
                                             const VectorX* z1, const VectorX& r, VectorX& mu, VectorX& w,
                                             double tolerance, int max_iterations, const LeadingBlock& leading,
                                             const LowRankTerm& low_rank) {
  CoupledSolveResult out;
  const auto setup_start = std::chrono::steady_clock::now();
  const bool coupled = bm && h && h->rows() > 0;
  const int64_t n = a.rows(), m = coupled ? h->rows() : 0;
  if (r.squaredNorm() == 0.0) {
    mu.setZero();
    w = VectorX::Zero(m);
    return out;
  }
  // K = [a 0; 0 0] + extra, with extra = [B; -Z2] Z1^-1 [B^T -Z2] + [0 0; 0 Z2] (none without
  // solids' response) plus the diagonal of the low-rank term: `a` is never copied, and extra
  // touches only the rows next to the deformable solids.
  const int64_t total = n + m;
  const bool has_low_rank = low_rank.c && low_rank.inverse_mass && low_rank.c->cols() > 0;
  SparseMatrix low_t, z2, coupled_part(total, total), extra(total, total);
  std::vector<Triplet> low_diagonal;
  if (has_low_rank) {
    low_t = low_rank.c->transpose();
    const SparseMatrix cm = *low_rank.c * *low_rank.inverse_mass;
    const VectorX d = cm.cwiseProduct(*low_rank.c) * VectorX::Ones(low_rank.c->cols());
    for (int64_t i = 0; i < n; ++i)
      if (d[i] != 0.0) low_diagonal.emplace_back(i, i, d[i]);
  }
  extra.setFromTriplets(low_diagonal.begin(), low_diagonal.end());
  if (coupled) {
    const VectorX z1_inv = z1->cwiseInverse();
    z2 = *h;
    for (int64_t i = 0; i < m; ++i) z2.coeffRef(i, i) -= (*z1)[i];
    std::vector<Triplet> gt, zt;  // G = [B; -Z2] and [0 0; 0 Z2]
    for (int c = 0; c < bm->outerSize(); ++c)
      for (SparseMatrix::InnerIterator it(*bm, c); it; ++it) gt.emplace_back(it.row(), it.col(), it.value());
    for (int c = 0; c < z2.outerSize(); ++c)
      for (SparseMatrix::InnerIterator it(z2, c); it; ++it) {
        gt.emplace_back(n + it.row(), it.col(), -it.value());
        zt.emplace_back(n + it.row(), n + it.col(), it.value());
      }
    SparseMatrix g(total, m), z2_block(total, total);
    g.setFromTriplets(gt.begin(), gt.end());
    z2_block.setFromTriplets(zt.begin(), zt.end());
    coupled_part = SparseMatrix(g * z1_inv.asDiagonal() * g.transpose()) + z2_block;
    extra += coupled_part;
  }
  auto apply_system = [&](const VectorX& v, VectorX& out) {
    out.resize(total);
    symmetric_product(a, v.head(n), out);
    if (m > 0) out.tail(m).setZero();
    if (coupled) out += coupled_part * v;
    if (has_low_rank) out.head(n) += *low_rank.c * (*low_rank.inverse_mass * (low_t * v.head(n)));
  };
  // With a preconditioner for the leading rows (the cells'): the surface Schwarz cycle
  // (surface_schwarz.hpp) over the whole system, whose surface block then holds the ghost and
  // constraint rows, the cells next to them and the deformable solids' unknowns. Without one:
  // block-diagonal, incomplete Cholesky on the first block and the solid block exactly
  // (K22^-1 = H^-1 Z1 Z2^-1).
  const int64_t lead = leading.apply ? leading.rows : 0;
  std::unique_ptr<SurfaceSchwarz> schwarz;
  Eigen::IncompleteCholesky<double> ic;
  SparseSpdSolver h_factor, z2_factor;
  VectorX tmp, tmp2;
  if (lead > 0 && total > lead) {
    schwarz = std::make_unique<SurfaceSchwarz>(a, extra, lead, leading.apply);
  } else {
    SparseMatrix k11 = a;
    if (extra.nonZeros() > 0) k11 += extra.topLeftCorner(n, n);
    if (lead == 0) {
      ic.compute(k11);
      if (ic.info() != Eigen::Success) throw SimulationError("incomplete Cholesky of the slip projection failed");
    }
    if (coupled) {
      const VectorX zero = VectorX::Zero(m);
      if (!h_factor.solve(*h, zero, tmp) || !z2_factor.solve(z2, zero, tmp2))
        throw SimulationError("the solids' response could not be factorised for the slip projection");
    }
  }
  auto precondition = [&](const VectorX& res, VectorX& z) {
    if (schwarz) {
      schwarz->apply(res, z);
      return;
    }
    z.resize(total);
    if (lead > 0) {
      VectorX lead_z;
      leading.apply(res.head(lead), lead_z);
      z.head(lead) = lead_z;
    } else {
      z.head(n) = ic.solve(res.head(n));
    }
    if (!coupled) return;
    if (!z2_factor.solve_same_matrix(z2, res.tail(m), tmp2)) throw SimulationError("the solids' response solve failed");
    tmp = z1->cwiseProduct(tmp2);
    if (!h_factor.solve_same_matrix(*h, tmp, tmp2)) throw SimulationError("the solids' response solve failed");
    z.tail(m) = tmp2;
  };
  VectorX x(n + m), b = VectorX::Zero(n + m);
  x.head(n) = mu;
  if (m > 0) x.tail(m) = w.size() == m ? w : VectorX(VectorX::Zero(m));
  b.head(n) = r;
  out.setup_seconds = seconds_since(setup_start);
  const auto solve_start = std::chrono::steady_clock::now();
  const OperatorPcgResult pcg = operator_pcg(apply_system, precondition, b, x, tolerance, max_iterations);
  out.iterations = pcg.iterations;
  out.residual = pcg.residual;
  out.converged = pcg.converged;
  out.solve_seconds = seconds_since(solve_start);
  mu = x.head(n);
  w = x.tail(m);
  return out;
}

}  // namespace ripple
