// Distances, barrier and mollifier: values against brute force, derivatives against finite
// differences, including degenerate configurations (parallel edges, near contact).
#include <gtest/gtest.h>

#include <random>

#include "../finite_difference.hpp"
#include "ripple/contact/barrier.hpp"
#include "ripple/contact/edge_edge_mollifier.hpp"
#include "ripple/contact/pair_distance.hpp"

namespace ripple {
namespace {

using test::ValueGradHess;
using Eigen::VectorXd;

Vec3 v(const VectorXd& x, int k) { return x.segment<3>(3 * k); }

VectorXd random_stencil(std::mt19937& rng, int vertices) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  VectorXd x(3 * vertices);
  for (int i = 0; i < x.size(); ++i) x[i] = u(rng);
  return x;
}

/// Brute-force squared distance between two parametrised sets, sampled then refined.
template <class A, class B>
double brute_distance_sq(A a, B b, int n) {
  double best = 1e300;
  for (int i = 0; i <= n; ++i)
    for (int j = 0; j <= n; ++j)
      for (int k = 0; k <= n; ++k)
        for (int l = 0; l <= n; ++l) {
          const double s = double(i) / n, t = double(j) / n, q = double(k) / n, r = double(l) / n;
          const auto pa = a(s, t);
          const auto pb = b(q, r);
          if (pa.second && pb.second) best = std::min(best, (pa.first - pb.first).squaredNorm());
        }
  return best;
}

TEST(Distances, PointTriangleMatchesBruteForce) {
  std::mt19937 rng(1);
  for (int trial = 0; trial < 200; ++trial) {
    const VectorXd x = random_stencil(rng, 4);
    const double d = point_triangle_distance_sq(v(x, 0), v(x, 1), v(x, 2), v(x, 3));
    double brute = 1e300;
    const int n = 200;
    for (int i = 0; i <= n; ++i)
      for (int j = 0; i + j <= n; ++j) {
        const double s = double(i) / n, t = double(j) / n;
        const Vec3 q = v(x, 1) + s * (v(x, 2) - v(x, 1)) + t * (v(x, 3) - v(x, 1));
        brute = std::min(brute, (v(x, 0) - q).squaredNorm());
      }
    EXPECT_LE(d, brute + 1e-12);
    EXPECT_NEAR(std::sqrt(d), std::sqrt(brute), 2e-2);
  }
}

TEST(Distances, EdgeEdgeMatchesBruteForce) {
  std::mt19937 rng(2);
  for (int trial = 0; trial < 300; ++trial) {
    VectorXd x = random_stencil(rng, 4);
    if (trial % 3 == 0) x.segment<3>(9) = x.segment<3>(6) + 0.7 * (x.segment<3>(3) - x.segment<3>(0));  // parallel
    const double d = edge_edge_distance_sq(v(x, 0), v(x, 1), v(x, 2), v(x, 3));
    double brute = 1e300;
    const int n = 400;
    for (int i = 0; i <= n; ++i) {
      // Exact distance from a sample of edge a to segment b.
      const Vec3 p = v(x, 0) + double(i) / n * (v(x, 1) - v(x, 0));
      brute = std::min(brute, point_edge_distance_sq(p, v(x, 2), v(x, 3)));
    }
    EXPECT_LE(d, brute + 1e-12) << trial;
    EXPECT_NEAR(std::sqrt(d), std::sqrt(brute), 1e-2) << trial;
  }
}

TEST(Distances, PointEdgeMatchesProjection) {
  std::mt19937 rng(3);
  for (int trial = 0; trial < 100; ++trial) {
    const VectorXd x = random_stencil(rng, 3);
    const Vec3 p = v(x, 0), e0 = v(x, 1), e1 = v(x, 2);
    const double t = std::clamp((p - e0).dot(e1 - e0) / (e1 - e0).squaredNorm(), 0.0, 1.0);
    EXPECT_NEAR(point_edge_distance_sq(p, e0, e1), (p - (e0 + t * (e1 - e0))).squaredNorm(), 1e-12);
  }
}

TEST(Distances, DerivativesMatchFiniteDifferences) {
  std::mt19937 rng(4);
  auto pp = [](const VectorXd& x) { return test::to_dynamic(point_point_distance_sq_derivatives(v(x, 0), v(x, 1))); };
  auto pe = [](const VectorXd& x) {
    return test::to_dynamic(point_edge_distance_sq_derivatives(v(x, 0), v(x, 1), v(x, 2)));
  };
  auto pt = [](const VectorXd& x) {
    return test::to_dynamic(point_triangle_distance_sq_derivatives(v(x, 0), v(x, 1), v(x, 2), v(x, 3)));
  };
  auto ee = [](const VectorXd& x) {
    return test::to_dynamic(edge_edge_distance_sq_derivatives(v(x, 0), v(x, 1), v(x, 2), v(x, 3)));
  };
  auto cross = [](const VectorXd& x) {
    return test::to_dynamic(edge_cross_norm_sq_derivatives(v(x, 0), v(x, 1), v(x, 2), v(x, 3)));
  };
  for (int trial = 0; trial < 100; ++trial) {
    test::expect_derivatives(pp, random_stencil(rng, 2), 1e-6, 1e-6, "point-point");
    test::expect_derivatives(pe, random_stencil(rng, 3), 1e-6, 1e-5, "point-edge");
    test::expect_derivatives(pt, random_stencil(rng, 4), 1e-6, 1e-5, "point-triangle");
    test::expect_derivatives(ee, random_stencil(rng, 4), 1e-6, 1e-5, "edge-edge");
    test::expect_derivatives(cross, random_stencil(rng, 4), 1e-6, 1e-5, "edge cross norm");
  }
}

TEST(Distances, FormulasCoverEveryType) {
  // Each closed form (point-plane, line-line, point-line) checked directly, so types the
  // random stencils rarely hit are covered too.
  std::mt19937 rng(5);
  auto plane = [](const VectorXd& x) {
    return test::to_dynamic(point_plane_distance_sq_derivatives(v(x, 0), v(x, 1), v(x, 2), v(x, 3)));
  };
  auto lines = [](const VectorXd& x) {
    return test::to_dynamic(line_line_distance_sq_derivatives(v(x, 0), v(x, 1), v(x, 2), v(x, 3)));
  };
  auto line = [](const VectorXd& x) {
    return test::to_dynamic(point_line_distance_sq_derivatives(v(x, 0), v(x, 1), v(x, 2)));
  };
  for (int trial = 0; trial < 50; ++trial) {
    test::expect_derivatives(plane, random_stencil(rng, 4), 1e-6, 1e-5, "point-plane");
    test::expect_derivatives(lines, random_stencil(rng, 4), 1e-6, 1e-5, "line-line");
    test::expect_derivatives(line, random_stencil(rng, 3), 1e-6, 1e-5, "point-line");
  }
}

TEST(Distances, DegenerateConfigurations) {
  // Nearly touching: a point 1e-12 m above a triangle's interior, edges crossing 1e-12 m apart.
  VectorXd pt(12);
  pt << 0.2, 1e-12, 0.3, 0, 0, 0, 1, 0, 0, 0, 0, 1;
  EXPECT_EQ(point_triangle_type(v(pt, 0), v(pt, 1), v(pt, 2), v(pt, 3)), PointTriangleType::P_T);
  EXPECT_NEAR(point_triangle_distance_sq(v(pt, 0), v(pt, 1), v(pt, 2), v(pt, 3)), 1e-24, 1e-30);
  auto ptf = [](const VectorXd& x) {
    return test::to_dynamic(point_triangle_distance_sq_derivatives(v(x, 0), v(x, 1), v(x, 2), v(x, 3)));
  };
  test::expect_derivatives(ptf, pt, 1e-7, 1e-6, "point-triangle at 1e-12");
  VectorXd ee(12);
  ee << -1, 0, 0, 1, 0, 0, 0, 1e-12, -1, 0, 1e-12, 1;
  EXPECT_EQ(edge_edge_type(v(ee, 0), v(ee, 1), v(ee, 2), v(ee, 3)), EdgeEdgeType::EA_EB);
  EXPECT_NEAR(edge_edge_distance_sq(v(ee, 0), v(ee, 1), v(ee, 2), v(ee, 3)), 1e-24, 1e-30);
  auto eef = [](const VectorXd& x) {
    return test::to_dynamic(edge_edge_distance_sq_derivatives(v(x, 0), v(x, 1), v(x, 2), v(x, 3)));
  };
  test::expect_derivatives(eef, ee, 1e-7, 1e-6, "edge-edge at 1e-12");
  // Exactly parallel, overlapping edges: the distance has a kink there (rotating either edge
  // brings one end closer), which is why IPC mollifies edge-edge terms. The mollified
  // product m(x) d^2(x) must be smooth across it.
  VectorXd par(12);
  par << 0, 0, 0, 1, 0, 0, 0.3, 0.01, 0, 1.3, 0.01, 0;
  EXPECT_NEAR(edge_edge_distance_sq(v(par, 0), v(par, 1), v(par, 2), v(par, 3)), 1e-4, 1e-15);
  const double eps = edge_edge_mollifier_threshold(v(par, 0), v(par, 1), v(par, 2), v(par, 3));
  auto mollified = [eps](const VectorXd& x) {
    const auto d = edge_edge_distance_sq_derivatives(v(x, 0), v(x, 1), v(x, 2), v(x, 3));
    const auto m = edge_edge_mollifier_derivatives(v(x, 0), v(x, 1), v(x, 2), v(x, 3), eps);
    ValueGradHess out;
    out.value = m.value * d.value;
    out.gradient = m.value * d.gradient + d.value * m.gradient;
    out.hessian = m.value * d.hessian + d.value * m.hessian + m.gradient * d.gradient.transpose() +
                  d.gradient * m.gradient.transpose();
    return out;
  };
  // The gradient vanishes there: compare against the Hessian's scale (~1).
  test::expect_derivatives(mollified, par, 1e-7, 1e-4, "mollified parallel edges", 1.0);
  // Parallel with a 1e-12 separation.
  par << 0, 0, 0, 1, 0, 0, 0.3, 1e-12, 0, 1.3, 1e-12, 0;
  EXPECT_NEAR(edge_edge_distance_sq(v(par, 0), v(par, 1), v(par, 2), v(par, 3)), 1e-24, 1e-30);
}

TEST(Barrier, DerivativesAndLimits) {
  const double dhat = 1e-3;
  EXPECT_EQ(barrier(dhat, dhat).value, 0.0);
  EXPECT_EQ(barrier(2 * dhat, dhat).first, 0.0);
  EXPECT_TRUE(std::isinf(barrier(0.0, dhat).value));
  EXPECT_GT(barrier(1e-12, dhat).value, barrier(1e-6, dhat).value);
  // C2 at dhat: value, slope and curvature all vanish there.
  EXPECT_NEAR(barrier(dhat * (1 - 1e-9), dhat).first, 0.0, 1e-9);
  EXPECT_NEAR(barrier(dhat * (1 - 1e-9), dhat).second, 0.0, 1e-6);
  for (double g : {1e-12, 1e-9, 1e-6, 3e-4, 9.9e-4}) {
    const double h = 1e-5 * g;
    const double fd1 = (barrier(g + h, dhat).value - barrier(g - h, dhat).value) / (2 * h);
    const double fd2 = (barrier(g + h, dhat).first - barrier(g - h, dhat).first) / (2 * h);
    EXPECT_NEAR(barrier(g, dhat).first, fd1, 1e-6 * std::abs(fd1)) << g;
    EXPECT_NEAR(barrier(g, dhat).second, fd2, 1e-6 * std::abs(fd2)) << g;
  }
  // Over squared distances with a thickness offset.
  const double offset = 2e-3;
  for (double d : {offset + 1e-6, offset + 1e-5, offset + 5e-4}) {
    const double s = d * d, h = 1e-4 * (d - offset) * d;
    const auto b = barrier_of_squared_distance(s, offset, dhat);
    const double fd1 = (barrier_of_squared_distance(s + h, offset, dhat).value -
                        barrier_of_squared_distance(s - h, offset, dhat).value) / (2 * h);
    const double fd2 = (barrier_of_squared_distance(s + h, offset, dhat).first -
                        barrier_of_squared_distance(s - h, offset, dhat).first) / (2 * h);
    EXPECT_NEAR(b.first, fd1, 1e-5 * std::abs(fd1)) << d;
    EXPECT_NEAR(b.second, fd2, 1e-5 * std::abs(fd2)) << d;
  }
}

TEST(Mollifier, DerivativesAndContinuity) {
  std::mt19937 rng(6);
  // Nearly parallel edges, inside the mollified range.
  VectorXd x(12);
  x << 0, 0, 0, 1, 0, 0, 0.2, 0.1, 0, 1.2, 0.1, 0.02;
  const double eps = edge_edge_mollifier_threshold(v(x, 0), v(x, 1), v(x, 2), v(x, 3));
  const auto c = edge_cross_norm_sq_derivatives(v(x, 0), v(x, 1), v(x, 2), v(x, 3));
  ASSERT_LT(c.value, eps);
  auto m = [eps](const VectorXd& y) {
    return test::to_dynamic(edge_edge_mollifier_derivatives(v(y, 0), v(y, 1), v(y, 2), v(y, 3), eps));
  };
  test::expect_derivatives(m, x, 1e-7, 1e-5, "mollifier");
  EXPECT_NEAR(edge_edge_mollifier(eps * (1 - 1e-12), eps).value, 1.0, 1e-9);
  EXPECT_NEAR(edge_edge_mollifier(eps * (1 - 1e-9), eps).first, 0.0, 1e-6 / eps);
  EXPECT_EQ(edge_edge_mollifier(0.0, eps).value, 0.0);
}

}  // namespace
}  // namespace ripple
