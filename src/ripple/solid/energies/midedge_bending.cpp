#include "ripple/solid/energies/midedge_bending.hpp"

#include <Eigen/Dense>
#include <array>
#include <cmath>
#include <numbers>
#include <vector>

#include "ripple/solid/psd_projection.hpp"

namespace ripple {
namespace {

/// Stencil slots of the hinge across edge i: (edge start, edge end, x_i, neighbour). The
/// hinge's first triangle (x_{i+1}, x_{i+2}, x_i) is the triangle itself, in its own order.
std::array<int, 4> hinge_slots(int i) { return {(i + 1) % 3, (i + 2) % 3, i, 3 + i}; }

Vec3 point(const Eigen::Matrix<double, 18, 1>& x, int slot) { return x.segment<3>(3 * slot); }

double wrapped(double d) {
  if (d > std::numbers::pi) d -= 2.0 * std::numbers::pi;
  if (d < -std::numbers::pi) d += 2.0 * std::numbers::pi;
  return d;
}

}  // namespace

Mat3 midedge_bending_stiffness(const Vec3& x0, const Vec3& x1, const Vec3& x2, const std::array<bool, 3>& interior,
                               double D, double nu) {
  const std::array<Vec3, 3> p{x0, x1, x2};
  const Vec3 n = (x1 - x0).cross(x2 - x0);
  const double area = 0.5 * n.norm();
  std::array<Vec3, 3> t;  // rest in-plane unit normals of the edges (orientation irrelevant: squared)
  std::array<double, 3> l;
  for (int i = 0; i < 3; ++i) {
    const Vec3 e = p[(i + 2) % 3] - p[(i + 1) % 3];
    l[i] = e.norm();
    t[i] = e.cross(n).normalized();
  }
  // E_T = A D / 2 [nu tr(II)^2 + (1 - nu) tr(II^2)] with II = sum_i d_i / 2 (l_i / A) t_i t_i^T.
  Mat3 K;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      const double c = t[i].dot(t[j]);
      K(i, j) = D / (4.0 * area) * l[i] * l[j] * (nu + (1.0 - nu) * c * c);
    }
  // Free boundary: minimise over the boundary edges' angles (Schur complement).
  std::vector<int> in, out;
  for (int i = 0; i < 3; ++i) (interior[i] ? in : out).push_back(i);
  Mat3 result = Mat3::Zero();
  if (in.empty()) return result;
  const int ni = static_cast<int>(in.size()), no = static_cast<int>(out.size());
  Eigen::MatrixXd Kii(ni, ni), Kio(ni, no), Koo(no, no);
  for (int a = 0; a < ni; ++a) {
    for (int b = 0; b < ni; ++b) Kii(a, b) = K(in[a], in[b]);
    for (int b = 0; b < no; ++b) Kio(a, b) = K(in[a], out[b]);
  }
  for (int a = 0; a < no; ++a)
    for (int b = 0; b < no; ++b) Koo(a, b) = K(out[a], out[b]);
  const Eigen::MatrixXd S = no ? Eigen::MatrixXd(Kii - Kio * Koo.ldlt().solve(Kio.transpose())) : Kii;
  for (int a = 0; a < ni; ++a)
    for (int b = 0; b < ni; ++b) result(in[a], in[b]) = 0.5 * (S(a, b) + S(b, a));
  return result;
}

double midedge_angle(const Eigen::Matrix<double, 18, 1>& x, int i) {
  const auto s = hinge_slots(i);
  return dihedral_angle(point(x, s[0]), point(x, s[1]), point(x, s[2]), point(x, s[3]));
}

Derivatives<18> midedge_bending_energy(const Eigen::Matrix<double, 18, 1>& x, const Mat3& K, const Vec3& rest_angle,
                                       HingeHessian mode) {
  using Mat18 = Eigen::Matrix<double, 18, 18>;
  const bool exact = mode != HingeHessian::gauss_newton;
  Vec3 d = Vec3::Zero();
  Eigen::Matrix<double, 3, 18> J = Eigen::Matrix<double, 3, 18>::Zero();  // rows: grad theta_i
  std::array<Eigen::Matrix<double, 12, 12>, 3> angle_hessian;
  for (int i = 0; i < 3; ++i) {
    if (K(i, i) == 0.0) continue;  // boundary edge: no neighbour, no angle
    const auto s = hinge_slots(i);
    const Derivatives<12> t =
        dihedral_angle_derivatives(point(x, s[0]), point(x, s[1]), point(x, s[2]), point(x, s[3]), exact);
    d[i] = wrapped(t.value - rest_angle[i]);
    for (int a = 0; a < 4; ++a) J.block<1, 3>(i, 3 * s[a]) = t.gradient.segment<3>(3 * a).transpose();
    angle_hessian[i] = t.hessian;
  }
  const Vec3 Kd = K * d;
  Derivatives<18> e;
  e.value = 0.5 * d.dot(Kd);
  e.gradient = J.transpose() * Kd;
  e.hessian = J.transpose() * K * J;
  if (exact) {
    for (int i = 0; i < 3; ++i) {
      if (K(i, i) == 0.0) continue;
      const auto s = hinge_slots(i);
      for (int a = 0; a < 4; ++a)
        for (int b = 0; b < 4; ++b)
          e.hessian.block<3, 3>(3 * s[a], 3 * s[b]) += Kd[i] * angle_hessian[i].block<3, 3>(3 * a, 3 * b);
    }
    if (mode == HingeHessian::projected) e.hessian = project_psd<18>(Mat18(e.hessian));
  }
  return e;
}

}  // namespace ripple
