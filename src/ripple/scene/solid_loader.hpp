#pragma once
// Builds and checks the Lagrangian solids of a scene (`solids` entries of type shell, rod,
// volume, rigid): generates or reads their meshes and refuses degenerate input with a
// message naming the file, the JSON pointer and the primitive.
#include <nlohmann/json.hpp>

#include "ripple/scene/scene.hpp"

namespace ripple {

/// Rotates points x by the scene's `rotation` entry {axis, degrees} about the centre of their
/// bounding box; `where` is the entry's JSON pointer for messages.
void rotate_about_centre(const nlohmann::json& rotation, const std::string& where, std::vector<Vec3>& x);

/// Refuses (InputError at `where`, naming `file` and the first pair of crossing triangles) a
/// closed surface that crosses itself: bodies that need an inside (rigid bodies, volume fills,
/// obstacles) would count an overlap twice or fill it wrongly.
void check_not_self_intersecting(const TriangleMesh& m, const std::string& file, const std::string& where);

/// `j` is the validated (defaults filled) entry at JSON pointer `ptr` of scene file `origin`.
LagrangianSolidDesc load_lagrangian_solid(const nlohmann::json& j, const std::string& ptr, const std::string& origin,
                                          const std::string& base_dir, const std::string& default_name);

}  // namespace ripple
