#include "ripple/coupling/slip/coupled_solve.hpp"

#include <memory>

#include <Eigen/IterativeLinearSolvers>

#include "ripple/core/errors.hpp"
#include "ripple/coupling/slip/surface_schwarz.hpp"
#include "ripple/solver/operator_pcg.hpp"
#include "ripple/solver/sparse_spd_solver.hpp"

namespace ripple {

CoupledSolveResult solve_coupled_multipliers(const SparseMatrix& a, const SparseMatrix* bm, const SparseMatrix* h,
                                             const VectorX* z1, const VectorX& r, VectorX& mu, VectorX& w,
                                             double tolerance, int max_iterations, const LeadingBlock& leading,
                                             const LowRankTerm& low_rank) {
  CoupledSolveResult out;
  const bool coupled = bm && h && h->rows() > 0;
  const int64_t n = a.rows(), m = coupled ? h->rows() : 0;
  if (r.squaredNorm() == 0.0) {
    mu.setZero();
    w = VectorX::Zero(m);
    return out;
  }
  // The SPD matrix K, assembled (A alone without solids' response).
  SparseMatrix k11 = a, k, z2;
  VectorX z1_inv;
  if (coupled) {
    z1_inv = z1->cwiseInverse();
    z2 = *h;
    for (int64_t i = 0; i < m; ++i) z2.coeffRef(i, i) -= (*z1)[i];
    const SparseMatrix bt = bm->transpose();
    k11 = a + *bm * z1_inv.asDiagonal() * bt;
    const SparseMatrix k12 = -(*bm * z1_inv.asDiagonal() * z2);
    const SparseMatrix k22 = z2 + z2 * z1_inv.asDiagonal() * z2;
    std::vector<Triplet> t;
    t.reserve(k11.nonZeros() + 2 * k12.nonZeros() + k22.nonZeros());
    for (int c = 0; c < k11.outerSize(); ++c)
      for (SparseMatrix::InnerIterator it(k11, c); it; ++it) t.emplace_back(it.row(), it.col(), it.value());
    for (int c = 0; c < k12.outerSize(); ++c)
      for (SparseMatrix::InnerIterator it(k12, c); it; ++it) {
        t.emplace_back(it.row(), n + it.col(), it.value());
        t.emplace_back(n + it.col(), it.row(), it.value());
      }
    for (int c = 0; c < k22.outerSize(); ++c)
      for (SparseMatrix::InnerIterator it(k22, c); it; ++it) t.emplace_back(n + it.row(), n + it.col(), it.value());
    k.resize(n + m, n + m);
    k.setFromTriplets(t.begin(), t.end());
  }
  const SparseMatrix& system = coupled ? k : a;
  const bool has_low_rank = low_rank.c && low_rank.inverse_mass && low_rank.c->cols() > 0;
  SparseMatrix low_t;
  if (has_low_rank) {
    low_t = low_rank.c->transpose();
    // Its diagonal joins the preconditioner's incomplete Cholesky.
    const SparseMatrix cm = *low_rank.c * *low_rank.inverse_mass;
    const VectorX d = cm.cwiseProduct(*low_rank.c) * VectorX::Ones(low_rank.c->cols());
    for (int64_t i = 0; i < n; ++i)
      if (d[i] != 0.0) k11.coeffRef(i, i) += d[i];
  }
  auto apply_system = [&](const VectorX& v, VectorX& out) {
    out = system * v;
    if (has_low_rank) out.head(n) += *low_rank.c * (*low_rank.inverse_mass * (low_t * v.head(n)));
  };
  // Block-diagonal preconditioner: on the first block the leading rows' preconditioner within
  // the surface Schwarz cycle (surface_schwarz.hpp), or incomplete Cholesky without one; the
  // solid block exactly (K22^-1 = H^-1 Z1 Z2^-1).
  const int64_t lead = leading.apply ? leading.rows : 0;
  Eigen::IncompleteCholesky<double> ic;
  std::unique_ptr<SurfaceSchwarz> schwarz;
  if (lead > 0 && n > lead) {
    schwarz = std::make_unique<SurfaceSchwarz>(k11, lead, leading.apply);
  } else if (lead == 0) {
    ic.compute(k11);
    if (ic.info() != Eigen::Success) throw SimulationError("incomplete Cholesky of the slip projection failed");
  }
  SparseSpdSolver h_factor, z2_factor;
  VectorX tmp, tmp2, lead_z;
  if (coupled) {
    const VectorX zero = VectorX::Zero(m);
    if (!h_factor.solve(*h, zero, tmp) || !z2_factor.solve(z2, zero, tmp2))
      throw SimulationError("the solids' response could not be factorised for the slip projection");
  }
  auto precondition = [&](const VectorX& res, VectorX& z) {
    z.resize(n + m);
    if (schwarz) {
      schwarz->apply(res.head(n), lead_z);
      z.head(n) = lead_z;
    } else if (lead > 0) {
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
  const OperatorPcgResult pcg = operator_pcg(apply_system, precondition, b, x, tolerance, max_iterations);
  out.iterations = pcg.iterations;
  out.residual = pcg.residual;
  out.converged = pcg.converged;
  mu = x.head(n);
  w = x.tail(m);
  return out;
}

}  // namespace ripple
