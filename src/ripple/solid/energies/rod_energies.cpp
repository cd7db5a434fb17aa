#include "ripple/solid/energies/rod_energies.hpp"

#include <cmath>

#include "ripple/solid/psd_projection.hpp"

namespace ripple {

Derivatives<6> rod_stretching_energy(const Eigen::Matrix<double, 6, 1>& x, double k, double l, bool project) {
  const Vec3 e = x.segment<3>(3) - x.segment<3>(0);
  const double s = e.norm();
  const Vec3 eh = e / s;
  Derivatives<3> d;
  d.value = 0.5 * k / l * (s - l) * (s - l);
  d.gradient = k / l * (s - l) * eh;
  double transverse = (s - l) / s;  // negative under compression: indefinite
  if (project) transverse = std::max(transverse, 0.0);
  d.hessian = k / l * (eh * eh.transpose() + transverse * (Mat3::Identity() - eh * eh.transpose()));
  static const auto m = difference_map<3, 6>({{0, 1}});
  return pull_back<6, 3>(d, m);
}

double rod_curvature(const Vec3& x0, const Vec3& x1, const Vec3& x2) {
  const Vec3 e0 = x1 - x0, e1 = x2 - x1;
  return 2.0 * e0.cross(e1).norm() / (e0.norm() * e1.norm() + e0.dot(e1));
}

namespace {

/// kappa^2 = 4 |e0 x e1|^2 / D^2, D = |e0| |e1| + e0 . e1, over (e0, e1).
Derivatives<6> curvature_sq(const Vec3& e0, const Vec3& e1) {
  using Vec6 = Eigen::Matrix<double, 6, 1>;
  const Mat3 I = Mat3::Identity();
  const Vec3 c = e0.cross(e1);
  Eigen::Matrix<double, 3, 6> jc;
  jc << -skew(e1), skew(e0);
  Derivatives<6> U;
  U.value = 4.0 * c.squaredNorm();
  U.gradient = 8.0 * jc.transpose() * c;
  U.hessian = 8.0 * jc.transpose() * jc;
  U.hessian.block<3, 3>(0, 3) -= 8.0 * skew(c);
  U.hessian.block<3, 3>(3, 0) += 8.0 * skew(c);

  const double l0 = e0.norm(), l1 = e1.norm();
  const Vec3 h0 = e0 / l0, h1 = e1 / l1;
  const double D = l0 * l1 + e0.dot(e1);
  Vec6 gD;
  gD << l1 * h0 + e1, l0 * h1 + e0;
  Eigen::Matrix<double, 6, 6> hD;
  hD << l1 / l0 * (I - h0 * h0.transpose()), h0 * h1.transpose() + I,  //
      h1 * h0.transpose() + I, l0 / l1 * (I - h1 * h1.transpose());
  Derivatives<6> W;
  W.value = D * D;
  W.gradient = 2.0 * D * gD;
  W.hessian = 2.0 * gD * gD.transpose() + 2.0 * D * hD;
  return quotient(U, W);
}

}  // namespace

Derivatives<9> rod_bending_energy(const Eigen::Matrix<double, 9, 1>& x, double k, double kappa_rest, double L,
                                  bool project) {
  const Vec3 e0 = x.segment<3>(3) - x.segment<3>(0), e1 = x.segment<3>(6) - x.segment<3>(3);
  const Derivatives<6> k2 = curvature_sq(e0, e1);
  // E = k/L (kappa^2 - 2 kappa_rest kappa + kappa_rest^2); kappa = sqrt(kappa^2).
  Derivatives<6> e;
  e.value = k / L * (k2.value - 2.0 * kappa_rest * std::sqrt(k2.value) + kappa_rest * kappa_rest);
  e.gradient = k / L * k2.gradient;
  e.hessian = k / L * k2.hessian;
  const double kappa = std::sqrt(k2.value);
  if (kappa_rest != 0.0 && kappa > 1e-12) {
    // d kappa = d(kappa^2) / (2 kappa); the straight configuration is a cone point of this term.
    const Eigen::Matrix<double, 6, 1> g = k2.gradient / (2.0 * kappa);
    const Eigen::Matrix<double, 6, 6> h = k2.hessian / (2.0 * kappa) - g * g.transpose() / kappa;
    e.gradient -= 2.0 * k / L * kappa_rest * g;
    e.hessian -= 2.0 * k / L * kappa_rest * h;
  }
  if (project) e.hessian = project_psd<6>(e.hessian);
  static const auto m = difference_map<6, 9>({{0, 1}, {1, 2}});
  return pull_back<9, 6>(e, m);
}

}  // namespace ripple
