#include "ripple/contact/collision_mesh.hpp"

#include <algorithm>

namespace ripple {

std::vector<uint8_t> CollisionMesh::isolated_vertices() const {
  std::vector<uint8_t> iso(static_cast<size_t>(num_vertices), 1);
  for (int v = 0; v < num_vertices; ++v) iso[v] = is_collidable(v);
  for (const auto& e : edges) iso[e[0]] = iso[e[1]] = 0;
  return iso;
}

void Candidates::sort() {
  std::sort(vertex_face.begin(), vertex_face.end());
  std::sort(edge_edge.begin(), edge_edge.end());
  std::sort(vertex_edge.begin(), vertex_edge.end());
  std::sort(vertex_vertex.begin(), vertex_vertex.end());
}

}  // namespace ripple
