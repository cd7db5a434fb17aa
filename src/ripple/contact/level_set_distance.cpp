#include "ripple/contact/level_set_distance.hpp"

#include <cmath>

namespace ripple {
namespace {

/// Per-axis weights of the P samples at position t and their first and second derivatives in t.
template <int P>
struct AxisWeights {
  std::array<double, P> w, dw, ddw;
};

template <int P>
AxisWeights<P> axis_weights(double t) {
  AxisWeights<P> a;
  if constexpr (P == 2) {  // linear: samples at 0 and 1
    a.w = {1.0 - t, t};
    a.dw = {-1.0, 1.0};
    a.ddw = {0.0, 0.0};
  } else {  // quadratic B-spline centred on sample 1, u = t - 1 in [-1/2, 1/2]
    const double u = t - 1.0;
    a.w = {0.5 * (0.5 - u) * (0.5 - u), 0.75 - u * u, 0.5 * (0.5 + u) * (0.5 + u)};
    a.dw = {u - 0.5, -2.0 * u, u + 0.5};
    a.ddw = {1.0, -2.0, 1.0};
  }
  return a;
}

}  // namespace

LevelSetStencil level_set_stencil(const GridGeometry& grid, const Vec3& x, LevelSetInterpolation kind) {
  const Vec3 s = grid.to_index_space(x, cell_sample_offset());  // 0 at the centre of cell 0
  LevelSetStencil st;
  for (int a = 0; a < 3; ++a) {
    const double anchor = kind == LevelSetInterpolation::linear ? std::floor(s[a]) : std::round(s[a]) - 1.0;
    st.base[a] = static_cast<int>(anchor);
    st.t[a] = s[a] - anchor;
  }
  return st;
}

template <int P>
Derivatives<P * P * P + 3> interpolated_distance(const Eigen::Matrix<double, P * P * P, 1>& phi, const Vec3& t, double dx) {
  constexpr int K = P * P * P;
  const AxisWeights<P> ax[3] = {axis_weights<P>(t.x()), axis_weights<P>(t.y()), axis_weights<P>(t.z())};
  Derivatives<K + 3> d;
  Mat3 hxx = Mat3::Zero();
  Vec3 gx = Vec3::Zero();
  for (int a = 0; a < P; ++a)
    for (int b = 0; b < P; ++b)
      for (int c = 0; c < P; ++c) {
        const int s = (a * P + b) * P + c;
        const std::array<int, 3> i{a, b, c};
        // W = wx wy wz and its derivatives in t (cells).
        double w = 1.0;
        Vec3 dw = Vec3::Ones();
        Mat3 ddw = Mat3::Ones();
        for (int k = 0; k < 3; ++k) {
          w *= ax[k].w[i[k]];
          for (int m = 0; m < 3; ++m) {
            dw[m] *= m == k ? ax[k].dw[i[k]] : ax[k].w[i[k]];
            for (int n = 0; n < 3; ++n) {
              const int hits = (m == k) + (n == k);
              ddw(m, n) *= hits == 0 ? ax[k].w[i[k]] : (hits == 1 ? ax[k].dw[i[k]] : ax[k].ddw[i[k]]);
            }
          }
        }
        d.value += w * phi[s];
        d.gradient[s] = w;
        gx += phi[s] * dw;
        hxx += phi[s] * ddw;
        d.hessian.template block<1, 3>(s, K) = dw.transpose() / dx;
        d.hessian.template block<3, 1>(K, s) = dw / dx;
      }
  d.gradient.template tail<3>() = gx / dx;
  d.hessian.template block<3, 3>(K, K) = hxx / (dx * dx);
  return d;
}

template Derivatives<11> interpolated_distance<2>(const Eigen::Matrix<double, 8, 1>&, const Vec3&, double);
template Derivatives<30> interpolated_distance<3>(const Eigen::Matrix<double, 27, 1>&, const Vec3&, double);

template <int P>
double interpolated_distance_value(const Eigen::Matrix<double, P * P * P, 1>& phi, const Vec3& t) {
  const AxisWeights<P> ax[3] = {axis_weights<P>(t.x()), axis_weights<P>(t.y()), axis_weights<P>(t.z())};
  double d = 0.0;
  for (int a = 0; a < P; ++a)
    for (int b = 0; b < P; ++b) {
      double line = 0.0;  // along the third axis first
      for (int c = 0; c < P; ++c) line += ax[2].w[c] * phi[(a * P + b) * P + c];
      d += ax[0].w[a] * ax[1].w[b] * line;
    }
  return d;
}

template double interpolated_distance_value<2>(const Eigen::Matrix<double, 8, 1>&, const Vec3&);
template double interpolated_distance_value<3>(const Eigen::Matrix<double, 27, 1>&, const Vec3&);

}  // namespace ripple
