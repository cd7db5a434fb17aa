#pragma once
// Reads the linear tetrahedra (element type 4) of a Gmsh mesh file, ASCII formats 2.2 and
// 4.1. Nodes not used by any tetrahedron are dropped; indices become 0-based. Throws
// InputError naming the file (and line) for a missing file, a binary or unsupported format,
// bad syntax, unknown node tags, or a mesh without tetrahedra.
#include <array>
#include <string>
#include <vector>

#include "ripple/core/types.hpp"

namespace ripple {

struct TetMesh {
  std::vector<Vec3> vertices;
  std::vector<std::array<int, 4>> tets;
};

TetMesh read_gmsh_tets(const std::string& path);

}  // namespace ripple
