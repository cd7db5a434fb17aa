#pragma once
// Exact signed distance to a closed triangle mesh near a lattice: every sample remembers its
// closest triangle, and a query measures the exact distance to the closest triangles of the
// samples around it, signed by the angle-weighted pseudonormal of the closest feature
// (Baerentzen & Aanaes 2005). Unlike a trilinear sampled distance it does not round off the
// mesh's edges and corners (which, interpolated, always look farther away than they are).
#include <array>
#include <vector>

#include "ripple/contact/mesh_signed_distance.hpp"

namespace ripple {

class MeshClosestTriangles {
 public:
  /// Samples within `band` (m) of the mesh on `lattice` with `dims` samples per axis.
  MeshClosestTriangles(std::vector<Vec3> vertices, std::vector<std::array<int, 3>> triangles, const Lattice& lattice,
                       const Vec3i& dims, double band);
  /// The exact signed distance (m, negative inside) at p from the closest triangles of the 64
  /// samples around p, where `fallback` (the sampled distance, m) is within 3 samples of the
  /// surface; its sign from the pseudonormal within half a sample; `fallback` farther away, and
  /// where the triangles found lie more than h / 2 beyond it (triangles much smaller than h,
  /// p's own closest among none of the samples').
  double signed_distance(const Vec3& p, double fallback) const;
  int64_t samples() const { return closest_.size(); }

 private:
  std::vector<Vec3> x_;
  std::vector<std::array<int, 3>> t_;
  std::vector<Vec3> face_normal_, vertex_normal_;  ///< pseudonormals (unnormalised is enough for a sign)
  std::vector<std::array<Vec3, 3>> edge_normal_;    ///< per triangle, the edge opposite vertex i
  Lattice lattice_;
  Array3<int> closest_;  ///< -1 beyond the band
};

}  // namespace ripple
