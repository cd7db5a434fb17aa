#pragma once
// The shapes a scene places: liquid regions and obstacles (box, sphere or closed mesh) and an
// obstacle's prescribed motion (motion_path.hpp, mesh_sequence.hpp).
#include <memory>
#include <string>

#include "ripple/core/triangle_mesh.hpp"
#include "ripple/core/types.hpp"
#include "ripple/solid/mesh_sequence.hpp"
#include "ripple/solid/motion_path.hpp"

namespace ripple {

struct ShapeDesc {
  enum class Kind { Box, Sphere, Mesh };
  Kind kind = Kind::Box;
  Vec3 min = Vec3::Zero(), max = Vec3::Zero();  ///< box corners (m)
  Vec3 center = Vec3::Zero();                   ///< sphere centre (m)
  double radius = 0.0;                          ///< sphere radius (m)
  std::string file;                             ///< mesh: resolved absolute path
  std::shared_ptr<const TriangleMesh> mesh;     ///< mesh: loaded, scaled, translated (m)
  Aabb bounds() const;
  Vec3 centroid() const;
};

/// A static or kinematic collider of the liquid and the solids: its shape as described, moved
/// by its path (a constant velocity and spin about shape.centroid(), or keyframes), or a mesh
/// sequence (then `shape` is its first frame and the path is at rest).
struct ObstacleDesc {
  std::string name;
  std::string pointer;  ///< where the scene describes it, e.g. "/solids/1"
  ShapeDesc shape;
  MotionPath path;
  std::shared_ptr<const MeshSequence> sequence;  ///< a mesh-sequence collider; null otherwise
  bool kinematic() const { return path.moves() || (sequence && sequence->moves()); }
};

}  // namespace ripple
