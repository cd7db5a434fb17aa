#include "ripple/solver/pcg.hpp"

#include <cmath>

namespace ripple {

PcgResult pcg_solve(const CompactOperator<double>& A, const std::vector<double>& b, std::vector<double>& x,
                    Preconditioner* M, double tolerance, int max_iterations, CompactTerm* extra) {
  PcgResult res;
  const CompactLayout& L = *A.layout;
  const size_t n = static_cast<size_t>(L.padded);
  std::vector<double> r(n, 0.0), z(n, 0.0), p(n, 0.0), q(n, 0.0);
  auto each = [&](auto&& f) { L.for_each_block(f); };
  auto multiply = [&](const std::vector<double>& in, std::vector<double>& out) {
    A.multiply(in, out);
    if (extra) extra->add_product(in, out);
  };
  multiply(x, q);
  each([&](int64_t s, int64_t e) { for (int64_t c = s; c < e; ++c) r[c] = b[c] - q[c]; });
  const double bnorm = compact_max_abs(L, b);
  if (bnorm == 0.0) {
    each([&](int64_t s, int64_t e) { for (int64_t c = s; c < e; ++c) x[c] = 0.0; });
    res.converged = true;
    return res;
  }
  double rnorm = compact_max_abs(L, r);
  res.relative_residual = rnorm / bnorm;
  if (res.relative_residual <= tolerance) { res.converged = true; return res; }
  auto precondition = [&](const std::vector<double>& in, std::vector<double>& out) {
    if (M) M->apply(in, out);
    else each([&](int64_t s, int64_t e) { for (int64_t c = s; c < e; ++c) out[c] = in[c]; });
  };
  precondition(r, z);
  each([&](int64_t s, int64_t e) { for (int64_t c = s; c < e; ++c) p[c] = z[c]; });
  double rz = compact_dot(L, r, z);
  for (int it = 1; it <= max_iterations; ++it) {
    multiply(p, q);
    const double pq = compact_dot(L, p, q);
    if (!(pq > 0.0) || !std::isfinite(pq)) break;  // breakdown: matrix or preconditioner not SPD
    const double alpha = rz / pq;
    each([&](int64_t s, int64_t e) {
      for (int64_t c = s; c < e; ++c) { x[c] += alpha * p[c]; r[c] -= alpha * q[c]; }
    });
    res.iterations = it;
    rnorm = compact_max_abs(L, r);
    res.relative_residual = rnorm / bnorm;
    if (!std::isfinite(rnorm)) break;
    if (res.relative_residual <= tolerance) { res.converged = true; break; }
    precondition(r, z);
    const double rz_new = compact_dot(L, r, z);
    const double beta = rz_new / rz;
    rz = rz_new;
    each([&](int64_t s, int64_t e) { for (int64_t c = s; c < e; ++c) p[c] = z[c] + beta * p[c]; });
  }
  return res;
}

PcgResult pcg_solve(const PoissonSystem& A, const std::vector<double>& b, std::vector<double>& x,
                    Preconditioner* M, double tolerance, int max_iterations, CompactTerm* extra) {
  const CompactOperator<double> op = A.compact<double>();
  if (extra) extra->bind(A);
  std::vector<double> bc, xc;
  A.layout.gather(b, bc);
  A.layout.gather(x, xc);
  const PcgResult res = pcg_solve(op, bc, xc, M, tolerance, max_iterations, extra);
  A.layout.scatter(xc, x);
  return res;
}

}  // namespace ripple
