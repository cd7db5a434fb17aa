// Additive CCD: reported times are safe (the gap stays positive up to them, checked by dense
// sampling), not overly timid, and honour thickness offsets.
#include <gtest/gtest.h>

#include <array>
#include <random>

#include "ripple/contact/additive_ccd.hpp"
#include "ripple/contact/pair_distance.hpp"

namespace ripple {
namespace {

Vec3 lerp(const Vec3& a, const Vec3& b, double t) { return a + t * (b - a); }

TEST(AdditiveCcd, PointThroughTriangleStopsBeforeImpact) {
  const Vec3 t0(0, 0, 0), t1(1, 0, 0), t2(0, 0, 1);
  const double t = point_triangle_ccd(Vec3(0.2, 1, 0.2), t0, t1, t2, Vec3(0.2, -1, 0.2), t0, t1, t2);
  EXPECT_LT(t, 0.5);   // impact at t = 0.5
  EXPECT_GT(t, 0.4);   // stops once the gap is below 10 % of the initial 1 m
  // A point passing beside the triangle is not stopped.
  EXPECT_EQ(point_triangle_ccd(Vec3(2, 1, 2), t0, t1, t2, Vec3(2, -1, 2), t0, t1, t2), 1.0);
}

TEST(AdditiveCcd, CrossingEdgesStopBeforeImpact) {
  const double t = edge_edge_ccd(Vec3(-1, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, -1), Vec3(0, 1, 1),
                                 Vec3(-1, 0, 0), Vec3(1, 0, 0), Vec3(0, -1, -1), Vec3(0, -1, 1));
  EXPECT_LT(t, 0.5);
  EXPECT_GT(t, 0.4);
}

TEST(AdditiveCcd, ThicknessOffsetKeepsTheGap) {
  CcdOptions o;
  o.offset = 0.3;
  const Vec3 t0(0, 0, 0), t1(1, 0, 0), t2(0, 0, 1);
  const double t = point_triangle_ccd(Vec3(0.2, 1, 0.2), t0, t1, t2, Vec3(0.2, -1, 0.2), t0, t1, t2, o);
  // Contact at distance 0.3, reached at t = 0.35.
  EXPECT_LT(t, 0.35);
  EXPECT_GT(t, 0.3);
  // Starting inside the offset: no motion allowed.
  EXPECT_EQ(point_triangle_ccd(Vec3(0.2, 0.2, 0.2), t0, t1, t2, Vec3(0.2, -1, 0.2), t0, t1, t2, o), 0.0);
}

TEST(AdditiveCcd, CodimensionalPairs) {
  EXPECT_LT(point_point_ccd(Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(1, 0, 0), Vec3(0, 0, 0)), 0.5);
  EXPECT_EQ(point_point_ccd(Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(1, 1, 0)), 1.0);
  const double t = point_edge_ccd(Vec3(0.5, 1, 0), Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0.5, -1, 0), Vec3(0, 0, 0),
                                  Vec3(1, 0, 0));
  EXPECT_LT(t, 0.5);
  EXPECT_GT(t, 0.4);
}

TEST(AdditiveCcd, RandomTrajectoriesAreSafe) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  auto rv = [&] { return Vec3(u(rng), u(rng), u(rng)); };
  int stopped = 0;
  for (int trial = 0; trial < 400; ++trial) {
    std::array<Vec3, 4> a, b;
    for (auto& v : a) v = rv();
    for (int i = 0; i < 4; ++i) b[i] = a[i] + 1.5 * rv();
    const bool edges = trial % 2;
    auto dist = [&](double s) {
      const Vec3 x0 = lerp(a[0], b[0], s), x1 = lerp(a[1], b[1], s), x2 = lerp(a[2], b[2], s), x3 = lerp(a[3], b[3], s);
      return std::sqrt(edges ? edge_edge_distance_sq(x0, x1, x2, x3) : point_triangle_distance_sq(x0, x1, x2, x3));
    };
    const double t = edges ? edge_edge_ccd(a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3])
                           : point_triangle_ccd(a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]);
    const double d0 = dist(0.0);
    double min_before = 1e300, min_all = 1e300;
    const int n = 4000;
    for (int k = 0; k <= n; ++k) {
      const double s = double(k) / n;
      const double d = dist(s);
      min_all = std::min(min_all, d);
      if (s <= t) min_before = std::min(min_before, d);
    }
    EXPECT_GT(min_before, 0.0) << trial;
    EXPECT_GE(dist(t), 0.1 * d0 * (1 - 1e-9)) << trial;
    // Not timid: a trajectory that never comes near is not stopped.
    if (min_all > 0.15 * d0) {
      EXPECT_EQ(t, 1.0) << trial;
    }
    stopped += t < 1.0;
  }
  EXPECT_GT(stopped, 20);  // the random set does contain approaching pairs
}

TEST(AdditiveCcd, IterationCapBoundsTheWorkAndStaysSafe) {
  // Two edges sliding past each other a hair apart: each advance covers 0.9 of the gap over
  // the relative speed, so a gap of 1e-6 m against a motion of 10 m needs ~1e6 advances to
  // clear the overlap. The cap returns the time reached, with the gap still open there.
  CcdOptions o;
  o.max_iterations = 1000;
  const std::array<Vec3, 4> a0{Vec3(-1, 0, 0), Vec3(1, 0, 0), Vec3(0, 1e-6, -1), Vec3(0, 1e-6, 1)};
  const std::array<Vec3, 4> a1{Vec3(-1, 0, 0), Vec3(1, 0, 0), Vec3(10, 1e-6, -1), Vec3(10, 1e-6, 1)};
  const double t = edge_edge_ccd(a0[0], a0[1], a0[2], a0[3], a1[0], a1[1], a1[2], a1[3], o);
  EXPECT_GT(t, 0.0);
  EXPECT_LT(t, 1e-3);  // 1000 advances of ~1e-7 of the step
  EXPECT_GT(edge_edge_distance_sq(a0[0], a0[1], lerp(a0[2], a1[2], t), lerp(a0[3], a1[3], t)), 0.0);
}

}  // namespace
}  // namespace ripple
