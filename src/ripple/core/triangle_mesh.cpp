#include "ripple/core/triangle_mesh.hpp"

#include <algorithm>
#include <unordered_map>

namespace ripple {

double TriangleMesh::signed_volume() const {
  double v = 0.0;
  for (const auto& t : triangles)
    v += vertices[t[0]].dot(vertices[t[1]].cross(vertices[t[2]]));
  return v / 6.0;
}

double TriangleMesh::area() const {
  double a = 0.0;
  for (const auto& t : triangles)
    a += 0.5 * (vertices[t[1]] - vertices[t[0]]).cross(vertices[t[2]] - vertices[t[0]]).norm();
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

}  // namespace ripple
