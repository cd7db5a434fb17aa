#include "ripple/contact/contact_stencil.hpp"

#include <algorithm>

#include "ripple/contact/pair_distance.hpp"

namespace ripple {
namespace {

Vec3 at(const VectorX& x, int v) { return x.segment<3>(3 * v); }

/// Barycentric weights (of a, b, c) of the point of triangle abc closest to p (Ericson 5.1.5).
std::array<double, 3> triangle_barycentric(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
  const Vec3 ab = b - a, ac = c - a, ap = p - a;
  const double d1 = ab.dot(ap), d2 = ac.dot(ap);
  if (d1 <= 0 && d2 <= 0) return {1, 0, 0};
  const Vec3 bp = p - b;
  const double d3 = ab.dot(bp), d4 = ac.dot(bp);
  if (d3 >= 0 && d4 <= d3) return {0, 1, 0};
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) {
    const double t = d1 / (d1 - d3);
    return {1 - t, t, 0};
  }
  const Vec3 cp = p - c;
  const double d5 = ab.dot(cp), d6 = ac.dot(cp);
  if (d6 >= 0 && d5 <= d6) return {0, 0, 1};
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) {
    const double t = d2 / (d2 - d6);
    return {1 - t, 0, t};
  }
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
    const double t = (d4 - d3) / ((d4 - d3) + (d5 - d6));
    return {0, 1 - t, t};
  }
  const double denom = 1.0 / (va + vb + vc);
  return {1 - (vb + vc) * denom, vb * denom, vc * denom};
}

double segment_parameter(const Vec3& p, const Vec3& e0, const Vec3& e1) {
  const Vec3 e = e1 - e0;
  return std::clamp((p - e0).dot(e) / e.squaredNorm(), 0.0, 1.0);
}

}  // namespace

std::vector<ContactStencil> stencils_of(const CollisionMesh& mesh, const Candidates& c) {
  std::vector<ContactStencil> s;
  s.reserve(c.size());
  for (const auto& [v, f] : c.vertex_face)
    s.push_back({{v, mesh.faces[f][0], mesh.faces[f][1], mesh.faces[f][2]}, 4, ContactStencil::vertex_face});
  for (const auto& [a, b] : c.edge_edge)
    s.push_back({{mesh.edges[a][0], mesh.edges[a][1], mesh.edges[b][0], mesh.edges[b][1]}, 4, ContactStencil::edge_edge});
  for (const auto& [v, e] : c.vertex_edge)
    s.push_back({{v, mesh.edges[e][0], mesh.edges[e][1], 0}, 3, ContactStencil::vertex_edge});
  for (const auto& [a, b] : c.vertex_vertex) s.push_back({{a, b, 0, 0}, 2, ContactStencil::vertex_vertex});
  return s;
}

double stencil_offset(const CollisionMesh& mesh, const ContactStencil& s) {
  double a = 0.0, b = 0.0;
  for (int k = 0; k < s.split(); ++k) a = std::max(a, mesh.thickness[s.v[k]]);
  for (int k = s.split(); k < s.count; ++k) b = std::max(b, mesh.thickness[s.v[k]]);
  return a + b;
}

double stencil_distance_sq(const VectorX& x, const ContactStencil& s) {
  switch (s.type) {
    case ContactStencil::vertex_face:
      return point_triangle_distance_sq(at(x, s.v[0]), at(x, s.v[1]), at(x, s.v[2]), at(x, s.v[3]));
    case ContactStencil::edge_edge:
      return edge_edge_distance_sq(at(x, s.v[0]), at(x, s.v[1]), at(x, s.v[2]), at(x, s.v[3]));
    case ContactStencil::vertex_edge: return point_edge_distance_sq(at(x, s.v[0]), at(x, s.v[1]), at(x, s.v[2]));
    default: return point_point_distance_sq(at(x, s.v[0]), at(x, s.v[1]));
  }
}

std::array<double, 4> closest_point_weights(const VectorX& x, const ContactStencil& s) {
  switch (s.type) {
    case ContactStencil::vertex_face: {
      const auto w = triangle_barycentric(at(x, s.v[0]), at(x, s.v[1]), at(x, s.v[2]), at(x, s.v[3]));
      return {1.0, -w[0], -w[1], -w[2]};
    }
    case ContactStencil::edge_edge: {
      // Closest points of two segments (Ericson 5.1.9); parallel edges: from an endpoint.
      const Vec3 p0 = at(x, s.v[0]), p1 = at(x, s.v[1]), q0 = at(x, s.v[2]), q1 = at(x, s.v[3]);
      const Vec3 d1 = p1 - p0, d2 = q1 - q0, r = p0 - q0;
      const double a = d1.squaredNorm(), e = d2.squaredNorm(), f = d2.dot(r), c = d1.dot(r), b = d1.dot(d2);
      const double denom = d1.cross(d2).squaredNorm();
      double sa = denom > 1e-10 * a * e ? std::clamp((b * f - c * e) / denom, 0.0, 1.0) : 0.0;
      double tb = (b * sa + f) / e;
      if (tb < 0.0 || tb > 1.0) {
        tb = std::clamp(tb, 0.0, 1.0);
        sa = std::clamp((b * tb - c) / a, 0.0, 1.0);
      }
      return {1.0 - sa, sa, -(1.0 - tb), -tb};
    }
    case ContactStencil::vertex_edge: {
      const double t = segment_parameter(at(x, s.v[0]), at(x, s.v[1]), at(x, s.v[2]));
      return {1.0, -(1.0 - t), -t, 0.0};
    }
    default: return {1.0, -1.0, 0.0, 0.0};
  }
}

}  // namespace ripple
