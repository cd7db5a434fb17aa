#pragma once
// Where the solids feel the liquid's barrier. The paper (Liu et al. 2025, Sec. 4.3.3) guards the
// solid's vertices only, so at a hard impact liquid thinner than the vertex spacing can slip
// between them. "edges" adds every coupled edge's midpoint and "triangles" also every coupled
// face's centroid. Such a point is a fixed convex combination of its vertices, so along a step
// it moves linearly like a vertex and the CCD filter (Sec. 4.3.5) bounds it unchanged; its
// barrier's gradient and Hessian reach its vertices through the weights (chain rule).
#include <array>
#include <vector>

#include "ripple/contact/collision_mesh.hpp"
#include "ripple/core/types.hpp"

namespace ripple {

enum class BarrierSampling { vertices, edges, triangles };

struct BarrierPoint {
  std::array<int, 3> vertex{};     ///< the solid vertices it combines (first `count`)
  std::array<double, 3> weight{};  ///< convex weights, summing to 1
  int count = 1;
  double thickness = 0.0;  ///< m, surface offset: the weighted vertices' offsets
};

/// The barrier points of `mesh`: every vertex with `coupled` set (per vertex, empty = all),
/// in vertex order, then (with `edges` or `triangles`) the midpoints of the edges whose two
/// vertices are coupled, then (with `triangles`) the centroids of fully coupled faces.
std::vector<BarrierPoint> barrier_points(const CollisionMesh& mesh, const std::vector<uint8_t>& coupled,
                                         BarrierSampling sampling);

/// Position of `p` from the vertex positions `x` (#V*3).
inline Vec3 point_position(const BarrierPoint& p, const VectorX& x) {
  Vec3 out = p.weight[0] * x.segment<3>(3 * p.vertex[0]);
  for (int k = 1; k < p.count; ++k) out += p.weight[k] * x.segment<3>(3 * p.vertex[k]);
  return out;
}

/// The solid vertices of the given points, sorted, without repeats.
std::vector<int> vertices_of(const std::vector<BarrierPoint>& points, const std::vector<int>& which);

}  // namespace ripple
