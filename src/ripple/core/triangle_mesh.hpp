#pragma once
// Indexed triangle mesh: #V vertices (m) and #F triangles (counter-clockwise seen from outside).
#include <array>
#include <vector>

#include "ripple/core/types.hpp"

namespace ripple {

struct TriangleMesh {
  std::vector<Vec3> vertices;
  std::vector<Eigen::Vector3i> triangles;

  bool empty() const { return triangles.empty(); }
  /// Enclosed volume (m^3) by the divergence theorem; exact for a closed, outward-oriented mesh.
  double signed_volume() const;
  /// First moment of the enclosed volume, integral of x dV (m^4): signed_volume() times the
  /// centroid; exact for a closed, outward-oriented mesh.
  Vec3 volume_moment() const;
  double area() const;
  /// Area (m^2) of the triangles that do not lie in a face plane of `box`: a liquid surface
  /// without the caps the mesher closes it with on the domain's walls.
  double area_off_walls(const Aabb& box) const;
  Aabb bounds() const;
  /// Number of edges not shared by exactly two triangles (0 for a closed 2-manifold).
  int64_t boundary_or_nonmanifold_edges() const;
};

/// Barycentric coordinates of p (projected into the triangle's plane) in triangle (a, b, c);
/// (1, 0, 0) for a degenerate triangle.
Vec3 barycentric_coordinates(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c);

/// The triangles as index arrays, the form the solids and the distance samplers take.
std::vector<std::array<int, 3>> triangle_arrays(const std::vector<Eigen::Vector3i>& triangles);

/// The axis-aligned box [lo, hi] (m) as 12 outward-facing triangles.
TriangleMesh box_mesh(const Vec3& lo, const Vec3& hi);

}  // namespace ripple
