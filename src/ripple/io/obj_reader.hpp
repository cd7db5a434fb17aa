#pragma once
#include <string>

#include "ripple/core/triangle_mesh.hpp"

namespace ripple {

/// Reads vertices and faces (polygons are fan-triangulated) of a Wavefront OBJ file.
/// Throws InputError naming the file (and line) for a missing file, bad syntax or bad indices.
TriangleMesh read_obj(const std::string& path);

}  // namespace ripple
