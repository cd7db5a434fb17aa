#include "ripple/solid/energies/discrete_shell_bending.hpp"

#include <cmath>
#include <numbers>

#include "ripple/solid/psd_projection.hpp"

namespace ripple {
namespace {

using Vec9 = Eigen::Matrix<double, 9, 1>;
using Mat9 = Eigen::Matrix<double, 9, 9>;

/// Over (e, a, b) = (x1 - x0, x2 - x0, x3 - x0): theta = atan2(Y, Z) with
/// Y = |e| e.(a x b) (= sin(theta) |n1| |n2|) and Z = (e.a)(e.b) - |e|^2 (a.b) (= cos(theta) |n1| |n2|),
/// n1 = e x a, n2 = b x e, by (u x v).(w x z) = (u.w)(v.z) - (u.z)(v.w).
/// With `hessian` false only the value and gradient are computed (the Hessian stays zero).
Derivatives<9> angle_over_edges(const Vec3& e, const Vec3& a, const Vec3& b, bool hessian = true) {
  if (!hessian) {
    const double L = e.norm(), T = e.dot(a.cross(b));
    const double ea = e.dot(a), eb = e.dot(b), ee = e.dot(e), ab = a.dot(b);
    const double Y = L * T, Z = ea * eb - ee * ab;
    Vec9 gY, gZ;
    const Vec3 axb = a.cross(b), bxe = b.cross(e), exa = e.cross(a);  // d(e.(a x b)) = (a x b, b x e, e x a)
    gY << T / L * e + L * axb, L * bxe, L * exa;
    gZ << a * eb + b * ea - 2.0 * ab * e, e * eb - b * ee, e * ea - a * ee;
    Derivatives<9> t;
    t.value = std::atan2(Y, Z);
    t.gradient = (Z * gY - Y * gZ) / (Y * Y + Z * Z);
    t.hessian.setZero();
    return t;
  }
  const Mat3 I = Mat3::Identity();
  const Derivatives<9> triple = triple_product(e, a, b);
  const double T = triple.value;
  const Vec9& gT = triple.gradient;
  const Mat9& hT = triple.hessian;

  const double L = e.norm();
  const Vec3 eh = e / L;
  Vec9 gL = Vec9::Zero();
  gL.head<3>() = eh;
  Mat9 hL = Mat9::Zero();
  hL.block<3, 3>(0, 0) = (I - eh * eh.transpose()) / L;

  const double Y = L * T;
  const Vec9 gY = T * gL + L * gT;
  const Mat9 hY = T * hL + gL * gT.transpose() + gT * gL.transpose() + L * hT;

  const double ea = e.dot(a), eb = e.dot(b), ee = e.dot(e), ab = a.dot(b);
  const double Z = ea * eb - ee * ab;
  Vec9 gZ;
  gZ << a * eb + b * ea - 2.0 * ab * e, e * eb - b * ee, e * ea - a * ee;
  Mat9 hZ = Mat9::Zero();
  hZ.block<3, 3>(0, 0) = a * b.transpose() + b * a.transpose() - 2.0 * ab * I;
  hZ.block<3, 3>(0, 3) = eb * I + b * e.transpose() - 2.0 * e * b.transpose();
  hZ.block<3, 3>(0, 6) = ea * I + a * e.transpose() - 2.0 * e * a.transpose();
  hZ.block<3, 3>(3, 6) = e * e.transpose() - ee * I;
  hZ.block<3, 3>(3, 0) = hZ.block<3, 3>(0, 3).transpose();
  hZ.block<3, 3>(6, 0) = hZ.block<3, 3>(0, 6).transpose();
  hZ.block<3, 3>(6, 3) = hZ.block<3, 3>(3, 6).transpose();

  Derivatives<9> t;
  const double r2 = Y * Y + Z * Z;
  t.value = std::atan2(Y, Z);
  const Vec9 v = Z * gY - Y * gZ;
  t.gradient = v / r2;
  const Mat9 jv = gY * gZ.transpose() + Z * hY - gZ * gY.transpose() - Y * hZ;
  const Mat9 h = jv / r2 - v * (2.0 * Y * gY + 2.0 * Z * gZ).transpose() / (r2 * r2);
  t.hessian = 0.5 * (h + h.transpose());
  return t;
}

const Eigen::Matrix<double, 9, 12>& hinge_map() {
  static const auto m = difference_map<9, 12>({{0, 1}, {0, 2}, {0, 3}});
  return m;
}

}  // namespace

double dihedral_angle(const Vec3& x0, const Vec3& x1, const Vec3& x2, const Vec3& x3) {
  const Vec3 e = x1 - x0, a = x2 - x0, b = x3 - x0;
  const double Y = e.norm() * e.dot(a.cross(b));
  const double Z = e.dot(a) * e.dot(b) - e.dot(e) * a.dot(b);
  return std::atan2(Y, Z);
}

Derivatives<12> dihedral_angle_derivatives(const Vec3& x0, const Vec3& x1, const Vec3& x2, const Vec3& x3,
                                           bool hessian) {
  return pull_back<12, 9>(angle_over_edges(x1 - x0, x2 - x0, x3 - x0, hessian), hinge_map());
}

Derivatives<12> hinge_bending_energy(const Eigen::Matrix<double, 12, 1>& x, double k, double rest_angle,
                                     HingeHessian mode) {
  const Vec3 x0 = x.segment<3>(0), x1 = x.segment<3>(3), x2 = x.segment<3>(6), x3 = x.segment<3>(9);
  const Derivatives<9> t = angle_over_edges(x1 - x0, x2 - x0, x3 - x0, mode != HingeHessian::gauss_newton);
  double d = t.value - rest_angle;  // wrapped, so a fold through +-pi does not jump
  if (d > std::numbers::pi) d -= 2.0 * std::numbers::pi;
  if (d < -std::numbers::pi) d += 2.0 * std::numbers::pi;
  Derivatives<9> e;
  e.value = k * d * d;
  e.gradient = 2.0 * k * d * t.gradient;
  // Gauss-Newton drops the (theta - theta_rest) Hess(theta) term: PSD without an eigensolve.
  e.hessian = 2.0 * k * t.gradient * t.gradient.transpose();
  if (mode != HingeHessian::gauss_newton) e.hessian += 2.0 * k * d * t.hessian;
  if (mode == HingeHessian::projected) e.hessian = project_psd<9>(e.hessian);
  return pull_back<12, 9>(e, hinge_map());
}

}  // namespace ripple
