#pragma once
// A rod network's output surface: one closed triangular tube per chain of edges between
// junctions and free ends, consecutive segments sharing their ring of vertices, so that
// mesh tools see one watertight piece instead of an open tube per edge.
#include <array>
#include <vector>

#include "ripple/core/triangle_mesh.hpp"

namespace ripple {

/// The tube of `radius` (m) around the rod edges `edges` (indices into x, positions in m).
/// A vertex used by two edges gets one ring, in the plane that bisects its two edges (mitred,
/// so the tube keeps its radius through a bend); a free end (one edge) is closed by a flat cap
/// through it, and at a junction (three or more edges) every chain's tube ends in a short
/// cone whose tip is the junction vertex, which the chains share: one connected piece.
/// The result is closed (every edge in exactly two triangles), outward-oriented and has
/// no unused vertex; vertices no edge uses are left out.
TriangleMesh rod_tube_mesh(const std::vector<Vec3>& x, const std::vector<std::array<int, 2>>& edges, double radius);

}  // namespace ripple
