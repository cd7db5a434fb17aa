#include "ripple/contact/additive_ccd.hpp"

#include <array>
#include <cmath>

#include "ripple/contact/pair_distance.hpp"

namespace ripple {
namespace {

/// Algorithm 1 of Li et al. 2021 for a stencil of N vertices, the first A of which form one
/// primitive. `dist_sq` maps stencil positions to the squared distance.
template <int N, int A, class DistSq>
double additive_ccd(std::array<Vec3, N> x, std::array<Vec3, N> p, DistSq dist_sq, const CcdOptions& o) {
  Vec3 mean = Vec3::Zero();
  for (const Vec3& v : p) mean += v;
  mean /= N;
  for (Vec3& v : p) v -= mean;  // only relative motion matters
  double max_a = 0.0, max_b = 0.0;
  for (int i = 0; i < A; ++i) max_a = std::max(max_a, p[i].norm());
  for (int i = A; i < N; ++i) max_b = std::max(max_b, p[i].norm());
  const double l_p = max_a + max_b;  // bound on how fast the distance can shrink
  const double xi = o.offset;
  auto gap_of = [&](double d_sq) { return (d_sq - xi * xi) / (std::sqrt(d_sq) + xi); };  // = d - xi
  double gap = gap_of(dist_sq(x));
  if (gap <= 0.0) return 0.0;
  if (l_p == 0.0) return o.t_max;
  const double g = o.min_separation * gap;
  double t = 0.0;
  double t_l = (1.0 - o.min_separation) * gap / l_p;
  for (int it = 0; it < o.max_iterations; ++it) {
    for (int i = 0; i < N; ++i) x[i] += t_l * p[i];
    gap = gap_of(dist_sq(x));
    if (t > 0.0 && gap < g) return t;
    t += t_l;
    if (t > o.t_max) return o.t_max;
    t_l = 0.9 * gap / l_p;
  }
  return t;  // safe: the gap at t was at least g
}

}  // namespace

double point_point_ccd(const Vec3& p_t0, const Vec3& q_t0, const Vec3& p_t1, const Vec3& q_t1,
                       const CcdOptions& o) {
  return additive_ccd<2, 1>({p_t0, q_t0}, {p_t1 - p_t0, q_t1 - q_t0},
                            [](const std::array<Vec3, 2>& x) { return point_point_distance_sq(x[0], x[1]); }, o);
}

double point_edge_ccd(const Vec3& p_t0, const Vec3& e0_t0, const Vec3& e1_t0, const Vec3& p_t1,
                      const Vec3& e0_t1, const Vec3& e1_t1, const CcdOptions& o) {
  return additive_ccd<3, 1>(
      {p_t0, e0_t0, e1_t0}, {p_t1 - p_t0, e0_t1 - e0_t0, e1_t1 - e1_t0},
      [](const std::array<Vec3, 3>& x) { return point_edge_distance_sq(x[0], x[1], x[2]); }, o);
}

double point_triangle_ccd(const Vec3& p_t0, const Vec3& t0_t0, const Vec3& t1_t0, const Vec3& t2_t0,
                          const Vec3& p_t1, const Vec3& t0_t1, const Vec3& t1_t1, const Vec3& t2_t1,
                          const CcdOptions& o) {
  return additive_ccd<4, 1>(
      {p_t0, t0_t0, t1_t0, t2_t0}, {p_t1 - p_t0, t0_t1 - t0_t0, t1_t1 - t1_t0, t2_t1 - t2_t0},
      [](const std::array<Vec3, 4>& x) { return point_triangle_distance_sq(x[0], x[1], x[2], x[3]); }, o);
}

double edge_edge_ccd(const Vec3& ea0_t0, const Vec3& ea1_t0, const Vec3& eb0_t0, const Vec3& eb1_t0,
                     const Vec3& ea0_t1, const Vec3& ea1_t1, const Vec3& eb0_t1, const Vec3& eb1_t1,
                     const CcdOptions& o) {
  return additive_ccd<4, 2>(
      {ea0_t0, ea1_t0, eb0_t0, eb1_t0}, {ea0_t1 - ea0_t0, ea1_t1 - ea1_t0, eb0_t1 - eb0_t0, eb1_t1 - eb1_t0},
      [](const std::array<Vec3, 4>& x) { return edge_edge_distance_sq(x[0], x[1], x[2], x[3]); }, o);
}

}  // namespace ripple
