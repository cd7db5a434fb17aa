#pragma once
// Whether a closed surface crosses itself (two overlapping cubes in one OBJ): its inside is
// then ill-defined, so a rigid body's mass counts the overlap twice and a tet fill leaves
// holes. Triangles that share a vertex are neighbours, never a crossing.
#include <array>
#include <optional>

#include "ripple/core/triangle_mesh.hpp"

namespace ripple {

/// The first pair (i < j, lexicographically smallest) of triangles of `m` that share no
/// vertex and properly cross (triangles_cross), or nothing. A uniform grid over the
/// triangles' boxes keeps the search near-linear in the triangle count.
std::optional<std::array<int, 2>> first_self_intersection(const TriangleMesh& m);

}  // namespace ripple
