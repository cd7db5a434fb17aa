#pragma once
// Indexed triangle mesh: #V vertices (m) and #F triangles (counter-clockwise seen from outside).
#include <vector>

#include "ripple/core/types.hpp"

namespace ripple {

struct TriangleMesh {
  std::vector<Vec3> vertices;
  std::vector<Eigen::Vector3i> triangles;

  bool empty() const { return triangles.empty(); }
  /// Enclosed volume (m^3) by the divergence theorem; exact for a closed, outward-oriented mesh.
  double signed_volume() const;
  double area() const;
  Aabb bounds() const;
  /// Number of edges not shared by exactly two triangles (0 for a closed 2-manifold).
  int64_t boundary_or_nonmanifold_edges() const;
};

}  // namespace ripple
