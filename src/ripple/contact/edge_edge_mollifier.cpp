#include "ripple/contact/edge_edge_mollifier.hpp"

namespace ripple {

double edge_edge_mollifier_threshold(const Vec3& ea0, const Vec3& ea1, const Vec3& eb0, const Vec3& eb1) {
  return 1e-3 * (ea0 - ea1).squaredNorm() * (eb0 - eb1).squaredNorm();
}

ScalarDerivatives edge_edge_mollifier(double c, double eps) {
  ScalarDerivatives m;
  if (c >= eps) {
    m.value = 1.0;
    return m;
  }
  const double r = c / eps;
  m.value = (2.0 - r) * r;
  m.first = (2.0 - 2.0 * r) / eps;
  m.second = -2.0 / (eps * eps);
  return m;
}

Derivatives<12> edge_edge_mollifier_derivatives(const Vec3& ea0, const Vec3& ea1, const Vec3& eb0,
                                                const Vec3& eb1, double eps) {
  const Derivatives<12> c = edge_cross_norm_sq_derivatives(ea0, ea1, eb0, eb1);
  const ScalarDerivatives m = edge_edge_mollifier(c.value, eps);
  Derivatives<12> out;
  out.value = m.value;
  out.gradient = m.first * c.gradient;
  out.hessian = m.second * c.gradient * c.gradient.transpose() + m.first * c.hessian;
  return out;
}

}  // namespace ripple
