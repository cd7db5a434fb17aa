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

/// The prescribed rigid motion described in `owner` (an obstacle or a pinned group: its
/// `velocity`, `angular_velocity`, `keyframes` and `interpolation`) of a shape whose centre is
/// `centre` (m). Keyframes are checked (at least two, times increasing, not beside velocities);
/// `where` is the owner's location (file and JSON pointer) for messages.
MotionPath motion_path_of(const nlohmann::json& owner, const std::string& where, const Vec3& centre);

/// The mesh sequence of a `mesh_sequence` obstacle `j`: every frame's file read, scaled and
/// moved, checked to be a closed, outward surface with the first frame's vertices and
/// triangles; `default_fps` (1/s) when it gives no frame_rate. `where` names file and pointer.
std::shared_ptr<const MeshSequence> load_mesh_sequence(const nlohmann::json& j, const std::string& where,
                                                       const std::string& base_dir, double default_fps);

/// `j` is the validated (defaults filled) entry at JSON pointer `ptr` of scene file `origin`.
LagrangianSolidDesc load_lagrangian_solid(const nlohmann::json& j, const std::string& ptr, const std::string& origin,
                                          const std::string& base_dir, const std::string& default_name);

}  // namespace ripple
