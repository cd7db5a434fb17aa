#pragma once
// A contact pair as a stencil of up to four collision-mesh vertices (point-triangle,
// edge-edge, point-edge, point-point), with what the barrier and friction need of it: the
// thickness offset, the squared distance, and the closest points as vertex weights.
#include <array>
#include <vector>

#include "ripple/contact/collision_mesh.hpp"

namespace ripple {

struct ContactStencil {
  enum Type { vertex_face, edge_edge, vertex_edge, vertex_vertex };
  std::array<int, 4> v{};  ///< collision-mesh vertices; the first `split()` form primitive A
  int count = 0;
  Type type = vertex_face;
  int split() const { return type == edge_edge ? 2 : 1; }
};

std::vector<ContactStencil> stencils_of(const CollisionMesh& mesh, const Candidates& candidates);

/// Sum of the two primitives' thickness offsets (m).
double stencil_offset(const CollisionMesh& mesh, const ContactStencil& s);

/// Squared distance between the two primitives at positions x (#V*3).
double stencil_distance_sq(const VectorX& x, const ContactStencil& s);

/// Weights w with sum_i w_i x_i = (closest point on A) - (closest point on B).
std::array<double, 4> closest_point_weights(const VectorX& x, const ContactStencil& s);

}  // namespace ripple
