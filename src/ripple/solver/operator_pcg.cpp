#include "ripple/solver/operator_pcg.hpp"

namespace ripple {

OperatorPcgResult operator_pcg(const LinearMap& apply, const LinearMap& precondition, const VectorX& b, VectorX& x,
                               double tolerance, int max_iterations) {
  OperatorPcgResult out;
  const double bnorm = b.norm();
  if (bnorm == 0.0) {
    x.setZero();
    out.converged = true;
    return out;
  }
  VectorX r, z, p, q;
  apply(x, q);
  r = b - q;
  precondition(r, z);
  p = z;
  double rz = r.dot(z);
  for (int it = 0; it < max_iterations; ++it) {
    out.residual = r.norm() / bnorm;
    if (out.residual <= tolerance) break;
    apply(p, q);
    const double step = rz / p.dot(q);
    x += step * p;
    r -= step * q;
    precondition(r, z);
    const double rz_next = r.dot(z);
    p = z + (rz_next / rz) * p;
    rz = rz_next;
    out.iterations = it + 1;
  }
  out.residual = r.norm() / bnorm;
  out.converged = out.residual <= tolerance;
  return out;
}

}  // namespace ripple
