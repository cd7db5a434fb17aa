// Point-to-liquid distance read from the level set (Liu et al. 2025, Eq. 15-16 and the
// quadratic variant): exact for affine fields, derivatives over (phi, x) against finite
// differences, continuity across stencil changes (C0 linear, C1 quadratic).
#include <gtest/gtest.h>

#include <random>

#include "ripple/contact/level_set_distance.hpp"

namespace ripple {
namespace {

GridGeometry test_grid() {
  GridGeometry g;
  g.origin = Vec3(-0.3, 0.1, 0.2);
  g.dx = 0.05;
  g.n = Vec3i(12, 12, 12);
  return g;
}

/// d at x for a level set given as a function of the cell index (any index, also outside).
template <int P, class Field>
Derivatives<P * P * P + 3> distance_at(const GridGeometry& g, const Vec3& x, const Field& phi_of_cell) {
  const auto kind = P == 2 ? LevelSetInterpolation::linear : LevelSetInterpolation::quadratic;
  const LevelSetStencil st = level_set_stencil(g, x, kind);
  Eigen::Matrix<double, P * P * P, 1> phi;
  for (int a = 0; a < P; ++a)
    for (int b = 0; b < P; ++b)
      for (int c = 0; c < P; ++c) phi[(a * P + b) * P + c] = phi_of_cell(st.base + Vec3i(a, b, c));
  return interpolated_distance<P>(phi, st.t, g.dx);
}

template <int P>
void check_affine_exact() {
  const GridGeometry g = test_grid();
  const Vec3 n = Vec3(0.3, -0.8, 0.5).normalized();
  auto phi = [&](const Vec3i& c) { return n.dot(g.cell_center(c.x(), c.y(), c.z())) - 0.07; };
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (int k = 0; k < 50; ++k) {
    const Vec3 x = g.origin + g.dx * Vec3(2 + 8 * u(rng), 2 + 8 * u(rng), 2 + 8 * u(rng));
    const auto d = distance_at<P>(g, x, phi);
    EXPECT_NEAR(d.value, n.dot(x) - 0.07, 1e-13);
    EXPECT_LT((d.gradient.template tail<3>() - n).norm(), 1e-12);
    const double curvature = d.hessian.template bottomRightCorner<3, 3>().norm();
    EXPECT_LT(curvature, 1e-9);
    EXPECT_NEAR(d.gradient.template head<P * P * P>().sum(), 1.0, 1e-14);  // partition of unity
  }
}

template <int P>
void check_value_only() {
  constexpr int K = P * P * P;
  std::mt19937 rng(17);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int trial = 0; trial < 40; ++trial) {
    Eigen::Matrix<double, K, 1> phi;
    for (int i = 0; i < K; ++i) phi[i] = 0.1 * u(rng);
    const Vec3 t = Vec3(u(rng), u(rng), u(rng)) + Vec3::Constant(P == 2 ? 0.5 : 1.0);  // also extrapolated
    EXPECT_NEAR(interpolated_distance_value<P>(phi, t), interpolated_distance<P>(phi, t, 0.05).value, 1e-15);
  }
}

TEST(LevelSetDistance, ValueAloneMatchesTheFullEvaluation) {
  check_value_only<2>();
  check_value_only<3>();
}

TEST(LevelSetDistance, AffineFieldsAreExact) {
  check_affine_exact<2>();
  check_affine_exact<3>();
}

template <int P>
void check_derivatives() {
  constexpr int K = P * P * P, N = K + 3;
  const double dx = 0.05;
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const double lo = P == 2 ? 0.05 : 0.55, span = 0.9;
  for (int trial = 0; trial < 40; ++trial) {
    Eigen::Matrix<double, N, 1> q;  // (phi, x) with x in metres relative to the base centre
    for (int i = 0; i < K; ++i) q[i] = 0.1 * u(rng);
    for (int i = 0; i < 3; ++i) q[K + i] = dx * (lo + span * 0.5 * (u(rng) + 1.0));
    auto f = [&](const Eigen::Matrix<double, N, 1>& v) {
      return interpolated_distance<P>(v.template head<K>(), v.template tail<3>() / dx, dx);
    };
    const auto d = f(q);
    const double h = 1e-6 * dx;
    for (int i = 0; i < N; ++i) {
      Eigen::Matrix<double, N, 1> qp = q, qm = q;
      qp[i] += h;
      qm[i] -= h;
      const auto dp = f(qp), dm = f(qm);
      EXPECT_NEAR(d.gradient[i], (dp.value - dm.value) / (2 * h), 1e-6 * (1.0 + std::abs(d.gradient[i]))) << i;
      const Eigen::Matrix<double, N, 1> column = (dp.gradient - dm.gradient) / (2 * h);
      EXPECT_LT((d.hessian.col(i) - column).norm(), 1e-5 * (1.0 + d.hessian.col(i).norm())) << "column " << i;
    }
    EXPECT_LT((d.hessian - d.hessian.transpose()).norm(), 1e-12);
  }
}

TEST(LevelSetDistance, DerivativesMatchFiniteDifferences) {
  check_derivatives<2>();
  check_derivatives<3>();
}

TEST(LevelSetDistance, QuadraticIsC1AcrossStencilsLinearOnlyC0) {
  const GridGeometry g = test_grid();
  std::mt19937 rng(2);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<double> table(20 * 20 * 20);
  for (double& v : table) v = 0.05 * u(rng);
  auto phi = [&](const Vec3i& c) { return table[((c.x() + 4) * 20 + c.y() + 4) * 20 + c.z() + 4]; };
  double linear_jump = 0.0;
  for (int k = 0; k < 20; ++k) {
    // Points on either side of a plane where the stencil changes along x: a cell face for
    // the quadratic stencil (nearest centre switches), a cell centre for the linear one.
    const Vec3 y(0.0, 5.3 * g.dx + 0.01 * k * g.dx, 6.7 * g.dx);
    const double eps = 1e-9 * g.dx;
    const Vec3 face = g.origin + y + Vec3(6.0 * g.dx, 0, 0), centre = g.origin + y + Vec3(6.5 * g.dx, 0, 0);
    const Vec3 e(eps, 0, 0);
    const auto qa = distance_at<3>(g, face - e, phi), qb = distance_at<3>(g, face + e, phi);
    EXPECT_NE(level_set_stencil(g, face - e, LevelSetInterpolation::quadratic).base.x(),
              level_set_stencil(g, face + e, LevelSetInterpolation::quadratic).base.x());
    EXPECT_NEAR(qa.value, qb.value, 1e-9);
    EXPECT_LT((qa.gradient.tail<3>() - qb.gradient.tail<3>()).norm(), 1e-6);
    const auto la = distance_at<2>(g, centre - e, phi), lb = distance_at<2>(g, centre + e, phi);
    EXPECT_NEAR(la.value, lb.value, 1e-9);
    linear_jump = std::max(linear_jump, std::abs(la.gradient[8] - lb.gradient[8]));
  }
  EXPECT_GT(linear_jump, 0.05);  // the kink of Fig. 7 (gradient in units of phi per metre)
}

}  // namespace
}  // namespace ripple
