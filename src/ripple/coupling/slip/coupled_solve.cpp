#include "ripple/coupling/slip/coupled_solve.hpp"

#include <memory>

#include <Eigen/IterativeLinearSolvers>

#include "ripple/core/errors.hpp"
#include "ripple/core/phase_timer.hpp"
#include "ripple/coupling/slip/surface_schwarz.hpp"
#include "ripple/solver/column_dots.hpp"
#include "ripple/solver/operator_pcg.hpp"
#include "ripple/solver/sparse_spd_solver.hpp"

namespace ripple {

CoupledSolveResult solve_coupled_multipliers(const SparseMatrix& a, const SparseMatrix* bm, const SparseMatrix* h,
                                             const VectorX& r, VectorX& mu, VectorX& w, double tolerance,
                                             int max_iterations, const LeadingBlock& leading,
                                             const LowRankTerm& low_rank, const VectorX* response_bound) {
  CoupledSolveResult out;
  const auto setup_start = std::chrono::steady_clock::now();
  const bool coupled = bm && h && h->rows() > 0;
  const int64_t n = a.rows(), m = coupled ? h->rows() : 0;
  if (r.squaredNorm() == 0.0) {
    mu.setZero();
    w = VectorX::Zero(m);
    return out;
  }
  // H's factor, for H^-1 in every product with the system.
  SparseSpdSolver h_factor;
  VectorX h_rhs, h_sol;
  if (coupled && (!h_factor.solve(*h, VectorX::Zero(m), h_sol) || h_factor.last_used() != "cholmod"))
    throw SimulationError("the solids' response could not be factorised for the slip projection");
  auto response = [&](const VectorX& v, VectorX& y) {  // y = H^-1 B^T v
    h_rhs = bm->transpose() * v;
    if (!h_factor.solve_same_matrix(*h, h_rhs, y)) throw SimulationError("the solids' response solve failed");
  };
  // The diagonal of the low-rank term joins the preconditioner's blocks.
  const bool has_low_rank = low_rank.c && low_rank.inverse_mass && low_rank.c->cols() > 0;
  SparseMatrix low_t, extra(n, n);
  if (has_low_rank) {
    low_t = low_rank.c->transpose();
    const SparseMatrix cm = *low_rank.c * *low_rank.inverse_mass;
    const VectorX d = cm.cwiseProduct(*low_rank.c) * VectorX::Ones(low_rank.c->cols());
    std::vector<Triplet> low_diagonal;
    for (int64_t i = 0; i < n; ++i)
      if (d[i] != 0.0) low_diagonal.emplace_back(i, i, d[i]);
    extra.setFromTriplets(low_diagonal.begin(), low_diagonal.end());
  }
  VectorX y;
  auto apply_system = [&](const VectorX& v, VectorX& result) {
    column_dots(a, v, result);  // a is symmetric: a v = a^T v
    if (coupled) {
      response(v, y);
      result.noalias() += *bm * y;
    }
    if (has_low_rank) result.noalias() += *low_rank.c * (*low_rank.inverse_mass * (low_t * v));
  };
  // With a preconditioner for the leading rows (the cells'): the surface Schwarz cycle
  // (surface_schwarz.hpp), whose surface block holds the ghost and constraint rows, the cells
  // next to them and the solids' response bounded by `response_bound`. Without one:
  // incomplete Cholesky of A (the solids' response left out).
  const int64_t lead = leading.apply ? leading.rows : 0;
  std::unique_ptr<SurfaceSchwarz> schwarz;
  Eigen::IncompleteCholesky<double> ic;
  if (lead > 0 && n > lead) {
    SurfaceResponse surface_response;
    if (coupled) {
      if (!response_bound)  // its size SurfaceSchwarz checks
        throw SimulationError("the slip projection's preconditioner needs a bound on the solids' response");
      surface_response.g = bm;
      surface_response.bound = *response_bound;
      surface_response.h_solve = [&](const VectorX& x, VectorX& out) {
        if (!h_factor.solve_same_matrix(*h, x, out)) throw SimulationError("the solids' response solve failed");
      };
    }
    schwarz = std::make_unique<SurfaceSchwarz>(a, extra, lead, leading.apply, coupled ? &surface_response : nullptr);
  } else if (lead == 0) {
    SparseMatrix k = a;
    if (extra.nonZeros() > 0) k += extra;
    ic.compute(k);
    if (ic.info() != Eigen::Success) throw SimulationError("incomplete Cholesky of the slip projection failed");
  }
  auto precondition = [&](const VectorX& res, VectorX& z) {
    if (schwarz) schwarz->apply(res, z);
    else if (lead > 0) leading.apply(res, z);
    else z = ic.solve(res);
  };
  out.setup_seconds = seconds_since(setup_start);
  const auto solve_start = std::chrono::steady_clock::now();
  const OperatorPcgResult pcg = operator_pcg(apply_system, precondition, r, mu, tolerance, max_iterations);
  out.iterations = pcg.iterations;
  out.residual = pcg.residual;
  out.converged = pcg.converged;
  if (coupled) response(mu, w);
  else w = VectorX::Zero(0);
  out.solve_seconds = seconds_since(solve_start);
  return out;
}

}  // namespace ripple
