#pragma once
#include <string>

#include "ripple/core/triangle_mesh.hpp"

namespace ripple {

/// Binary little-endian PLY (float32 vertices, int32 faces). Written to a temporary file and
/// renamed, so a killed run never leaves a truncated mesh.
void write_ply(const std::string& path, const TriangleMesh& mesh);
/// Wavefront OBJ (text), same atomic write.
void write_obj(const std::string& path, const TriangleMesh& mesh);
/// Reads a binary PLY written by write_ply (for tests and tools).
TriangleMesh read_ply(const std::string& path);

/// Writes `contents` to `path` atomically (temporary file + rename).
void write_file_atomic(const std::string& path, const std::string& contents);

}  // namespace ripple
