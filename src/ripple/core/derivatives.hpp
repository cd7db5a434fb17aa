#pragma once
// Small fixed-size calculus helpers shared by distances and energies: a value with gradient
// and Hessian, the cross-product matrix, and pulling derivatives back through a linear map.
#include <Eigen/Core>
#include <initializer_list>
#include <utility>

#include "ripple/core/types.hpp"

namespace ripple {

/// A scalar function of N coordinates with its gradient and Hessian.
template <int N>
struct Derivatives {
  double value = 0.0;
  Eigen::Matrix<double, N, 1> gradient = Eigen::Matrix<double, N, 1>::Zero();
  Eigen::Matrix<double, N, N> hessian = Eigen::Matrix<double, N, N>::Zero();
};

/// f = U / W from the derivatives of U and W (quotient rule, twice).
template <int N>
Derivatives<N> quotient(const Derivatives<N>& U, const Derivatives<N>& W) {
  Derivatives<N> f;
  const double w = W.value, w2 = w * w;
  f.value = U.value / w;
  f.gradient = U.gradient / w - U.value / w2 * W.gradient;
  f.hessian = U.hessian / w - (U.gradient * W.gradient.transpose() + W.gradient * U.gradient.transpose()) / w2 +
              (2.0 * U.value / (w2 * w)) * W.gradient * W.gradient.transpose() - (U.value / w2) * W.hessian;
  return f;
}


/// [v]x, so that skew(v) * w = v x w.
inline Mat3 skew(const Vec3& v) {
  Mat3 s;
  s << 0, -v.z(), v.y(), v.z(), 0, -v.x(), -v.y(), v.x(), 0;
  return s;
}

/// The triple product a . (b x c) with its gradient and (constant-coefficient) Hessian over
/// the 9 coordinates (a, b, c); it is also det[a b c].
inline Derivatives<9> triple_product(const Vec3& a, const Vec3& b, const Vec3& c) {
  Derivatives<9> t;
  t.value = a.dot(b.cross(c));
  t.gradient << b.cross(c), c.cross(a), a.cross(b);
  t.hessian.block<3, 3>(0, 3) = -skew(c);
  t.hessian.block<3, 3>(0, 6) = skew(b);
  t.hessian.block<3, 3>(3, 6) = -skew(a);
  t.hessian.block<3, 3>(3, 0) = skew(c);
  t.hessian.block<3, 3>(6, 0) = -skew(b);
  t.hessian.block<3, 3>(6, 3) = skew(a);
  return t;
}

/// Derivatives over intermediate coordinates y = M x, pulled back to x.
template <int N, int K>
Derivatives<N> pull_back(const Derivatives<K>& d, const Eigen::Matrix<double, K, N>& m) {
  Derivatives<N> out;
  out.value = d.value;
  out.gradient = m.transpose() * d.gradient;
  // Coefficient-wise products: for these small fixed sizes Eigen's blocked GEMM path was
  // measured 8 % of a cloth step.
  const Eigen::Matrix<double, N, K> mt_h = m.transpose().lazyProduct(d.hessian);
  out.hessian = mt_h.lazyProduct(m);
  return out;
}

/// The K x N map whose r-th 3-row block gives x_plus - x_minus for the r-th (minus, plus)
/// pair of vertex indices: edge vectors of a stencil.
template <int K, int N>
Eigen::Matrix<double, K, N> difference_map(std::initializer_list<std::pair<int, int>> minus_plus) {
  Eigen::Matrix<double, K, N> m = Eigen::Matrix<double, K, N>::Zero();
  int row = 0;
  for (const auto& [minus, plus] : minus_plus) {
    m.template block<3, 3>(3 * row, 3 * minus) -= Mat3::Identity();
    m.template block<3, 3>(3 * row, 3 * plus) += Mat3::Identity();
    ++row;
  }
  return m;
}

}  // namespace ripple
