#pragma once
// Static and kinematic obstacles: each scene shape's rigid motion (or mesh sequence) over
// time, their union's signed distance, velocity and surface mesh.
#include <memory>
#include <vector>

#include "ripple/solid/mesh_sequence_field.hpp"
#include "ripple/solid/shape_sdf.hpp"

namespace ripple {

class ObstacleField {
 public:
  /// Obstacles sampled (meshes) at half the grid cell size dx (m).
  ObstacleField(const std::vector<ObstacleDesc>& obstacles, double dx);
  bool empty() const { return sdfs_.empty(); }
  bool any_kinematic() const;
  size_t size() const { return sdfs_.size(); }
  const std::string& name(size_t i) const { return descs_[i].name; }
  /// Signed distance (m) to the union of obstacles at time t (positive outside every obstacle).
  double signed_distance(const Vec3& p, double t) const;
  /// Velocity (m/s) at p of the obstacle nearest to p at time t.
  Vec3 velocity(const Vec3& p, double t) const;
  /// Surface of obstacle i at time t (m).
  TriangleMesh surface(size_t i, double t) const;
  /// Frees the mesh sequences' frames the clock has passed (t, s): see MeshSequenceField.
  void release_before(double t);

 private:
  Vec3 to_rest(size_t i, const Vec3& p, double t) const;
  double distance_to(size_t i, const Vec3& p, double t) const;
  std::vector<ObstacleDesc> descs_;
  std::vector<ShapeSdf> sdfs_;  ///< a sequence's first frame (unused) for a mesh sequence
  std::vector<std::shared_ptr<MeshSequenceField>> sequences_;  ///< null but for mesh sequences
  double dx_;
};

}  // namespace ripple
