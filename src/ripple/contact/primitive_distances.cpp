#include "ripple/contact/primitive_distances.hpp"

namespace ripple {
namespace {

/// |n|^2 for n = b x c, over the 9 coordinates (a, b, c) (a unused).
Derivatives<9> cross_norm_sq(const Vec3& b, const Vec3& c) {
  const Vec3 n = b.cross(c);
  Eigen::Matrix<double, 3, 9> jn = Eigen::Matrix<double, 3, 9>::Zero();
  jn.block<3, 3>(0, 3) = -skew(c);
  jn.block<3, 3>(0, 6) = skew(b);
  Derivatives<9> w;
  w.value = n.squaredNorm();
  w.gradient = 2.0 * jn.transpose() * n;
  w.hessian = 2.0 * jn.transpose() * jn;
  // Second derivatives of the bilinear n: sum_k n_k d2 n_k / (db dc) = -[n]x.
  w.hessian.block<3, 3>(3, 6) -= 2.0 * skew(n);
  w.hessian.block<3, 3>(6, 3) += 2.0 * skew(n);
  return w;
}

/// (a . (b x c))^2 / |b x c|^2 over (a, b, c): squared distance along the normal b x c.
Derivatives<9> triple_product_ratio(const Vec3& a, const Vec3& b, const Vec3& c) {
  const Derivatives<9> t = triple_product(a, b, c);
  const double u = t.value;
  const auto& gu = t.gradient;
  const auto& hu = t.hessian;
  Derivatives<9> U;
  U.value = u * u;
  U.gradient = 2.0 * u * gu;
  U.hessian = 2.0 * gu * gu.transpose() + 2.0 * u * hu;
  return quotient(U, cross_norm_sq(b, c));
}

}  // namespace

double point_point_distance_sq(const Vec3& p, const Vec3& q) { return (p - q).squaredNorm(); }

Derivatives<6> point_point_distance_sq_derivatives(const Vec3& p, const Vec3& q) {
  Derivatives<6> d;
  const Vec3 r = p - q;
  d.value = r.squaredNorm();
  d.gradient << 2.0 * r, -2.0 * r;
  d.hessian.block<3, 3>(0, 0) = 2.0 * Mat3::Identity();
  d.hessian.block<3, 3>(3, 3) = 2.0 * Mat3::Identity();
  d.hessian.block<3, 3>(0, 3) = -2.0 * Mat3::Identity();
  d.hessian.block<3, 3>(3, 0) = -2.0 * Mat3::Identity();
  return d;
}

double point_line_distance_sq(const Vec3& p, const Vec3& e0, const Vec3& e1) {
  const Vec3 b = e1 - e0;
  return (p - e0).cross(b).squaredNorm() / b.squaredNorm();
}

Derivatives<9> point_line_distance_sq_derivatives(const Vec3& p, const Vec3& e0, const Vec3& e1) {
  // Over (a, b) = (p - e0, e1 - e0): f = |a x b|^2 / |b|^2.
  const Vec3 a = p - e0, b = e1 - e0, n = a.cross(b);
  Eigen::Matrix<double, 3, 6> jn;
  jn << -skew(b), skew(a);
  Derivatives<6> U, W;
  U.value = n.squaredNorm();
  U.gradient = 2.0 * jn.transpose() * n;
  U.hessian = 2.0 * jn.transpose() * jn;
  U.hessian.block<3, 3>(0, 3) -= 2.0 * skew(n);
  U.hessian.block<3, 3>(3, 0) += 2.0 * skew(n);
  W.value = b.squaredNorm();
  W.gradient.tail<3>() = 2.0 * b;
  W.hessian.block<3, 3>(3, 3) = 2.0 * Mat3::Identity();
  static const auto m = difference_map<6, 9>({{1, 0}, {1, 2}});
  return pull_back<9, 6>(quotient(U, W), m);
}

double point_plane_distance_sq(const Vec3& p, const Vec3& t0, const Vec3& t1, const Vec3& t2) {
  const Vec3 n = (t1 - t0).cross(t2 - t0);
  const double u = (p - t0).dot(n);
  return u * u / n.squaredNorm();
}

Derivatives<12> point_plane_distance_sq_derivatives(const Vec3& p, const Vec3& t0, const Vec3& t1,
                                                    const Vec3& t2) {
  static const auto m = difference_map<9, 12>({{1, 0}, {1, 2}, {1, 3}});
  return pull_back<12, 9>(triple_product_ratio(p - t0, t1 - t0, t2 - t0), m);
}

double line_line_distance_sq(const Vec3& ea0, const Vec3& ea1, const Vec3& eb0, const Vec3& eb1) {
  const Vec3 n = (ea1 - ea0).cross(eb1 - eb0);
  const double u = (eb0 - ea0).dot(n);
  return u * u / n.squaredNorm();
}

Derivatives<12> line_line_distance_sq_derivatives(const Vec3& ea0, const Vec3& ea1, const Vec3& eb0,
                                                  const Vec3& eb1) {
  static const auto m = difference_map<9, 12>({{0, 2}, {0, 1}, {2, 3}});
  return pull_back<12, 9>(triple_product_ratio(eb0 - ea0, ea1 - ea0, eb1 - eb0), m);
}

Derivatives<12> edge_cross_norm_sq_derivatives(const Vec3& ea0, const Vec3& ea1, const Vec3& eb0,
                                               const Vec3& eb1) {
  static const auto m = difference_map<9, 12>({{0, 2}, {0, 1}, {2, 3}});
  return pull_back<12, 9>(cross_norm_sq(ea1 - ea0, eb1 - eb0), m);
}

}  // namespace ripple
