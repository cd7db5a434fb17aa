#include "ripple/solver/pcg.hpp"

#include <cmath>

namespace ripple {

PcgResult pcg_solve(const PoissonSystem& A, const std::vector<double>& b, std::vector<double>& x,
                    Preconditioner* M, double tolerance, int max_iterations) {
  PcgResult res;
  const size_t n = b.size();
  std::vector<double> r(n, 0.0), z(n, 0.0), p(n, 0.0), q(n, 0.0);
  A.multiply(x, q);
  for_each_span(A, [&](int64_t s, int64_t e) {
    for (int64_t c = s; c < e; ++c) r[c] = b[c] - q[c];
  });
  const double bnorm = max_abs_active(A, b);
  if (bnorm == 0.0) {
    for_each_span(A, [&](int64_t s, int64_t e) { for (int64_t c = s; c < e; ++c) x[c] = 0.0; });
    res.converged = true;
    return res;
  }
  double rnorm = max_abs_active(A, r);
  res.relative_residual = rnorm / bnorm;
  if (res.relative_residual <= tolerance) { res.converged = true; return res; }
  auto precondition = [&](const std::vector<double>& in, std::vector<double>& out) {
    if (M) M->apply(in, out);
    else for_each_span(A, [&](int64_t s, int64_t e) { for (int64_t c = s; c < e; ++c) out[c] = in[c]; });
  };
  precondition(r, z);
  for_each_span(A, [&](int64_t s, int64_t e) { for (int64_t c = s; c < e; ++c) p[c] = z[c]; });
  double rz = dot_active(A, r, z);
  for (int it = 1; it <= max_iterations; ++it) {
    A.multiply(p, q);
    const double pq = dot_active(A, p, q);
    if (!(pq > 0.0) || !std::isfinite(pq)) break;  // breakdown: matrix or preconditioner not SPD
    const double alpha = rz / pq;
    for_each_span(A, [&](int64_t s, int64_t e) {
      for (int64_t c = s; c < e; ++c) { x[c] += alpha * p[c]; r[c] -= alpha * q[c]; }
    });
    res.iterations = it;
    rnorm = max_abs_active(A, r);
    res.relative_residual = rnorm / bnorm;
    if (!std::isfinite(rnorm)) break;
    if (res.relative_residual <= tolerance) { res.converged = true; break; }
    precondition(r, z);
    const double rz_new = dot_active(A, r, z);
    const double beta = rz_new / rz;
    rz = rz_new;
    for_each_span(A, [&](int64_t s, int64_t e) { for (int64_t c = s; c < e; ++c) p[c] = z[c] + beta * p[c]; });
  }
  return res;
}

}  // namespace ripple
