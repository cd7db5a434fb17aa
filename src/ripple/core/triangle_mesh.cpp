#include "ripple/core/triangle_mesh.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace ripple {

double TriangleMesh::signed_volume() const {
  double v = 0.0;
  for (const auto& t : triangles)
    v += vertices[t[0]].dot(vertices[t[1]].cross(vertices[t[2]]));
  return v / 6.0;
}

Vec3 TriangleMesh::volume_moment() const {
  // Each triangle spans a signed tetrahedron with the origin, whose centroid is (a + b + c) / 4.
  Vec3 m = Vec3::Zero();
  for (const auto& t : triangles) {
    const Vec3 &a = vertices[t[0]], &b = vertices[t[1]], &c = vertices[t[2]];
    m += a.dot(b.cross(c)) * (a + b + c);
  }
  return m / 24.0;
}

double TriangleMesh::area() const {
  double a = 0.0;
  for (const auto& t : triangles)
    a += 0.5 * (vertices[t[1]] - vertices[t[0]]).cross(vertices[t[2]] - vertices[t[0]]).norm();
  return a;
}

double TriangleMesh::area_off_walls(const Aabb& box) const {
  const double tol = 1e-9 * (box.hi - box.lo).norm();
  auto on_wall = [&](const Eigen::Vector3i& t) {
    for (int a = 0; a < 3; ++a)
      for (const double plane : {box.lo[a], box.hi[a]}) {
        bool all = true;
        for (int k = 0; k < 3; ++k) all = all && std::abs(vertices[t[k]][a] - plane) <= tol;
        if (all) return true;
      }
    return false;
  };
  double a = 0.0;
  for (const auto& t : triangles)
    if (!on_wall(t)) a += 0.5 * (vertices[t[1]] - vertices[t[0]]).cross(vertices[t[2]] - vertices[t[0]]).norm();
  return a;
}

Aabb TriangleMesh::bounds() const {
  Aabb b;
  for (const auto& v : vertices) b.extend(v);
  return b;
}

int64_t TriangleMesh::boundary_or_nonmanifold_edges() const {
  std::unordered_map<uint64_t, int> count;
  count.reserve(triangles.size() * 3);
  for (const auto& t : triangles)
    for (int e = 0; e < 3; ++e) {
      uint64_t a = static_cast<uint32_t>(t[e]), b = static_cast<uint32_t>(t[(e + 1) % 3]);
      if (a > b) std::swap(a, b);
      ++count[(a << 32) | b];
    }
  int64_t bad = 0;
  for (const auto& [key, c] : count)
    if (c != 2) ++bad;
  return bad;
}

Vec3 barycentric_coordinates(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
  const Vec3 e0 = b - a, e1 = c - a, d = p - a;
  const double d00 = e0.dot(e0), d01 = e0.dot(e1), d11 = e1.dot(e1), d20 = d.dot(e0), d21 = d.dot(e1);
  const double det = d00 * d11 - d01 * d01;
  if (!(std::abs(det) > 0.0)) return Vec3(1.0, 0.0, 0.0);
  const double v = (d11 * d20 - d01 * d21) / det, w = (d00 * d21 - d01 * d20) / det;
  return Vec3(1.0 - v - w, v, w);
}

std::vector<std::array<int, 3>> triangle_arrays(const std::vector<Eigen::Vector3i>& triangles) {
  std::vector<std::array<int, 3>> out(triangles.size());
  for (size_t f = 0; f < out.size(); ++f) out[f] = {triangles[f].x(), triangles[f].y(), triangles[f].z()};
  return out;
}

TriangleMesh box_mesh(const Vec3& lo, const Vec3& hi) {
  TriangleMesh m;
  for (int c = 0; c < 8; ++c) m.vertices.emplace_back(c & 1 ? hi.x() : lo.x(), c & 2 ? hi.y() : lo.y(), c & 4 ? hi.z() : lo.z());
  const int quads[6][4] = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
  for (const auto& q : quads) {
    m.triangles.emplace_back(q[0], q[1], q[2]);
    m.triangles.emplace_back(q[0], q[2], q[3]);
  }
  return m;
}

}  // namespace ripple
