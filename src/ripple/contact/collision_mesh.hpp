#pragma once
// The surface every contact algorithm sees: all solids' boundary vertices in one numbering,
// with the edges and triangles between them. Positions live outside (a flat #V*3 vector,
// x y z per vertex) so the Newton solver's iterates can be passed in directly.
#include <array>
#include <cstdint>
#include <vector>

#include "ripple/core/types.hpp"

namespace ripple {

struct CollisionMesh {
  int num_vertices = 0;
  std::vector<std::array<int, 2>> edges;  ///< every mesh edge (triangle edges once, rod edges)
  std::vector<std::array<int, 3>> faces;  ///< surface triangles (shells, volume boundaries, rigid)
  std::vector<int> body;                  ///< #V: index of the solid a vertex belongs to
  std::vector<double> thickness;          ///< #V: surface offset from the vertex (m): half the
                                          ///< shell thickness, the rod radius, 0 for volumes
  std::vector<uint8_t> self_contact;      ///< per body: 1 if its primitives may touch each other
  std::vector<uint8_t> fixed;             ///< #V: 1 if no contact moves the vertex (pinned, static, scripted)
  std::vector<uint8_t> collidable;        ///< #V: 0 for vertices inside volumes (empty: all)
  VectorX rest_positions;                 ///< #V*3, for the edge-edge mollifier thresholds

  bool is_collidable(int v) const { return collidable.empty() || collidable[v]; }
  /// Collidable vertices on no edge (free particles): they need point-edge and point-point pairs.
  std::vector<uint8_t> isolated_vertices() const;
};

inline Vec3 vertex_of(const VectorX& x, int i) { return x.segment<3>(3 * i); }

/// Primitive pairs that may interact (indices into the mesh's vertices, edges and faces).
struct Candidates {
  std::vector<std::array<int, 2>> vertex_face;    ///< (vertex, face)
  std::vector<std::array<int, 2>> edge_edge;      ///< (edge a, edge b), a < b
  std::vector<std::array<int, 2>> vertex_edge;    ///< (isolated vertex, edge)
  std::vector<std::array<int, 2>> vertex_vertex;  ///< (isolated vertex a, isolated vertex b), a < b
  size_t size() const { return vertex_face.size() + edge_edge.size() + vertex_edge.size() + vertex_vertex.size(); }
  void sort();  ///< canonical order, so two finders can be compared
};

}  // namespace ripple
