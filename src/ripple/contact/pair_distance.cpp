#include "ripple/contact/pair_distance.hpp"

#include <algorithm>
#include <array>

namespace ripple {
namespace {

/// Embeds the derivatives over a sub-stencil into a larger stencil: vertex k of the
/// sub-stencil is vertex map[k] of the full one.
template <int N, int K>
Derivatives<N> embed(const Derivatives<K>& d, const std::array<int, K / 3>& map) {
  Derivatives<N> out;
  out.value = d.value;
  for (int a = 0; a < K / 3; ++a) {
    out.gradient.template segment<3>(3 * map[a]) += d.gradient.template segment<3>(3 * a);
    for (int b = 0; b < K / 3; ++b)
      out.hessian.template block<3, 3>(3 * map[a], 3 * map[b]) += d.hessian.template block<3, 3>(3 * a, 3 * b);
  }
  return out;
}

}  // namespace

PointEdgeType point_edge_type(const Vec3& p, const Vec3& e0, const Vec3& e1) {
  const Vec3 e = e1 - e0;
  const double t = (p - e0).dot(e) / e.squaredNorm();
  if (t <= 0.0) return PointEdgeType::P_E0;
  if (t >= 1.0) return PointEdgeType::P_E1;
  return PointEdgeType::P_E;
}

PointTriangleType point_triangle_type(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
  // Voronoi regions of the triangle (Ericson, Real-Time Collision Detection, Sec. 5.1.5).
  const Vec3 ab = b - a, ac = c - a, ap = p - a;
  const double d1 = ab.dot(ap), d2 = ac.dot(ap);
  if (d1 <= 0.0 && d2 <= 0.0) return PointTriangleType::P_T0;
  const Vec3 bp = p - b;
  const double d3 = ab.dot(bp), d4 = ac.dot(bp);
  if (d3 >= 0.0 && d4 <= d3) return PointTriangleType::P_T1;
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0) return PointTriangleType::P_E01;
  const Vec3 cp = p - c;
  const double d5 = ab.dot(cp), d6 = ac.dot(cp);
  if (d6 >= 0.0 && d5 <= d6) return PointTriangleType::P_T2;
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0) return PointTriangleType::P_E20;
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0) return PointTriangleType::P_E12;
  return PointTriangleType::P_T;
}

EdgeEdgeType edge_edge_type(const Vec3& ea0, const Vec3& ea1, const Vec3& eb0, const Vec3& eb1) {
  const Vec3 u = ea1 - ea0, v = eb1 - eb0, w = ea0 - eb0;
  const double a = u.squaredNorm(), b = u.dot(v), c = v.squaredNorm(), d = u.dot(w), e = v.dot(w);
  // |u x v|^2 from the cross product: a c - b^2 cancels catastrophically near parallel.
  // Below an angle of ~1e-5 rad the segment parameters below lose accuracy, so such edges
  // are classified as parallel (the mollifier makes the barrier smooth across this).
  const double denom = u.cross(v).squaredNorm();
  if (denom < 1e-10 * a * c) {
    // Parallel: the closest pair involves an endpoint; take the nearest endpoint-segment pair.
    const double dist[4] = {point_edge_distance_sq(ea0, eb0, eb1), point_edge_distance_sq(ea1, eb0, eb1),
                            point_edge_distance_sq(eb0, ea0, ea1), point_edge_distance_sq(eb1, ea0, ea1)};
    const int k = static_cast<int>(std::min_element(dist, dist + 4) - dist);
    switch (k) {
      case 0:
        switch (point_edge_type(ea0, eb0, eb1)) {
          case PointEdgeType::P_E0: return EdgeEdgeType::EA0_EB0;
          case PointEdgeType::P_E1: return EdgeEdgeType::EA0_EB1;
          default: return EdgeEdgeType::EA0_EB;
        }
      case 1:
        switch (point_edge_type(ea1, eb0, eb1)) {
          case PointEdgeType::P_E0: return EdgeEdgeType::EA1_EB0;
          case PointEdgeType::P_E1: return EdgeEdgeType::EA1_EB1;
          default: return EdgeEdgeType::EA1_EB;
        }
      case 2:
        switch (point_edge_type(eb0, ea0, ea1)) {
          case PointEdgeType::P_E0: return EdgeEdgeType::EA0_EB0;
          case PointEdgeType::P_E1: return EdgeEdgeType::EA1_EB0;
          default: return EdgeEdgeType::EA_EB0;
        }
      default:
        switch (point_edge_type(eb1, ea0, ea1)) {
          case PointEdgeType::P_E0: return EdgeEdgeType::EA0_EB1;
          case PointEdgeType::P_E1: return EdgeEdgeType::EA1_EB1;
          default: return EdgeEdgeType::EA_EB1;
        }
    }
  }
  // Closest points of two segments (Ericson, Sec. 5.1.9): s on a, t on b, clamped.
  double s = std::clamp((b * e - c * d) / denom, 0.0, 1.0);
  double t = (b * s + e) / c;
  bool s_clamped = s <= 0.0 || s >= 1.0;
  bool t_clamped = false;
  if (t <= 0.0 || t >= 1.0) {
    t = std::clamp(t, 0.0, 1.0);
    t_clamped = true;
    s = std::clamp((b * t - d) / a, 0.0, 1.0);
    s_clamped = s <= 0.0 || s >= 1.0;
  }
  const int sa = s_clamped ? (s <= 0.0 ? 0 : 1) : -1;  // -1: interior of edge a
  const int tb = t_clamped ? (t <= 0.0 ? 0 : 1) : -1;
  if (sa < 0 && tb < 0) return EdgeEdgeType::EA_EB;
  if (sa < 0) return tb == 0 ? EdgeEdgeType::EA_EB0 : EdgeEdgeType::EA_EB1;
  if (tb < 0) return sa == 0 ? EdgeEdgeType::EA0_EB : EdgeEdgeType::EA1_EB;
  if (sa == 0) return tb == 0 ? EdgeEdgeType::EA0_EB0 : EdgeEdgeType::EA0_EB1;
  return tb == 0 ? EdgeEdgeType::EA1_EB0 : EdgeEdgeType::EA1_EB1;
}

double point_edge_distance_sq(const Vec3& p, const Vec3& e0, const Vec3& e1) {
  switch (point_edge_type(p, e0, e1)) {
    case PointEdgeType::P_E0: return point_point_distance_sq(p, e0);
    case PointEdgeType::P_E1: return point_point_distance_sq(p, e1);
    default: return point_line_distance_sq(p, e0, e1);
  }
}

double point_triangle_distance_sq(const Vec3& p, const Vec3& t0, const Vec3& t1, const Vec3& t2) {
  switch (point_triangle_type(p, t0, t1, t2)) {
    case PointTriangleType::P_T0: return point_point_distance_sq(p, t0);
    case PointTriangleType::P_T1: return point_point_distance_sq(p, t1);
    case PointTriangleType::P_T2: return point_point_distance_sq(p, t2);
    case PointTriangleType::P_E01: return point_line_distance_sq(p, t0, t1);
    case PointTriangleType::P_E12: return point_line_distance_sq(p, t1, t2);
    case PointTriangleType::P_E20: return point_line_distance_sq(p, t2, t0);
    default: return point_plane_distance_sq(p, t0, t1, t2);
  }
}

double edge_edge_distance_sq(const Vec3& ea0, const Vec3& ea1, const Vec3& eb0, const Vec3& eb1) {
  switch (edge_edge_type(ea0, ea1, eb0, eb1)) {
    case EdgeEdgeType::EA0_EB0: return point_point_distance_sq(ea0, eb0);
    case EdgeEdgeType::EA0_EB1: return point_point_distance_sq(ea0, eb1);
    case EdgeEdgeType::EA1_EB0: return point_point_distance_sq(ea1, eb0);
    case EdgeEdgeType::EA1_EB1: return point_point_distance_sq(ea1, eb1);
    case EdgeEdgeType::EA_EB0: return point_line_distance_sq(eb0, ea0, ea1);
    case EdgeEdgeType::EA_EB1: return point_line_distance_sq(eb1, ea0, ea1);
    case EdgeEdgeType::EA0_EB: return point_line_distance_sq(ea0, eb0, eb1);
    case EdgeEdgeType::EA1_EB: return point_line_distance_sq(ea1, eb0, eb1);
    default: return line_line_distance_sq(ea0, ea1, eb0, eb1);
  }
}

Derivatives<9> point_edge_distance_sq_derivatives(const Vec3& p, const Vec3& e0, const Vec3& e1) {
  switch (point_edge_type(p, e0, e1)) {
    case PointEdgeType::P_E0: return embed<9, 6>(point_point_distance_sq_derivatives(p, e0), {0, 1});
    case PointEdgeType::P_E1: return embed<9, 6>(point_point_distance_sq_derivatives(p, e1), {0, 2});
    default: return point_line_distance_sq_derivatives(p, e0, e1);
  }
}

Derivatives<12> point_triangle_distance_sq_derivatives(const Vec3& p, const Vec3& t0, const Vec3& t1,
                                                       const Vec3& t2) {
  switch (point_triangle_type(p, t0, t1, t2)) {
    case PointTriangleType::P_T0: return embed<12, 6>(point_point_distance_sq_derivatives(p, t0), {0, 1});
    case PointTriangleType::P_T1: return embed<12, 6>(point_point_distance_sq_derivatives(p, t1), {0, 2});
    case PointTriangleType::P_T2: return embed<12, 6>(point_point_distance_sq_derivatives(p, t2), {0, 3});
    case PointTriangleType::P_E01: return embed<12, 9>(point_line_distance_sq_derivatives(p, t0, t1), {0, 1, 2});
    case PointTriangleType::P_E12: return embed<12, 9>(point_line_distance_sq_derivatives(p, t1, t2), {0, 2, 3});
    case PointTriangleType::P_E20: return embed<12, 9>(point_line_distance_sq_derivatives(p, t2, t0), {0, 3, 1});
    default: return point_plane_distance_sq_derivatives(p, t0, t1, t2);
  }
}

Derivatives<12> edge_edge_distance_sq_derivatives(const Vec3& ea0, const Vec3& ea1, const Vec3& eb0,
                                                  const Vec3& eb1) {
  switch (edge_edge_type(ea0, ea1, eb0, eb1)) {
    case EdgeEdgeType::EA0_EB0: return embed<12, 6>(point_point_distance_sq_derivatives(ea0, eb0), {0, 2});
    case EdgeEdgeType::EA0_EB1: return embed<12, 6>(point_point_distance_sq_derivatives(ea0, eb1), {0, 3});
    case EdgeEdgeType::EA1_EB0: return embed<12, 6>(point_point_distance_sq_derivatives(ea1, eb0), {1, 2});
    case EdgeEdgeType::EA1_EB1: return embed<12, 6>(point_point_distance_sq_derivatives(ea1, eb1), {1, 3});
    case EdgeEdgeType::EA_EB0: return embed<12, 9>(point_line_distance_sq_derivatives(eb0, ea0, ea1), {2, 0, 1});
    case EdgeEdgeType::EA_EB1: return embed<12, 9>(point_line_distance_sq_derivatives(eb1, ea0, ea1), {3, 0, 1});
    case EdgeEdgeType::EA0_EB: return embed<12, 9>(point_line_distance_sq_derivatives(ea0, eb0, eb1), {0, 2, 3});
    case EdgeEdgeType::EA1_EB: return embed<12, 9>(point_line_distance_sq_derivatives(ea1, eb0, eb1), {1, 2, 3});
    default: return line_line_distance_sq_derivatives(ea0, ea1, eb0, eb1);
  }
}

}  // namespace ripple
