#pragma once
// The scene's initial liquid regions as one field: signed distance (m) of their union and the
// region each point belongs to. Shape SDFs (a sampled grid for meshes) are built once.
#include <vector>

#include "ripple/scene/scene.hpp"
#include "ripple/solid/shape_sdf.hpp"

namespace ripple {

class LiquidRegions {
 public:
  /// Boxes reaching a domain wall are extended past it: a wall is not a liquid surface, and
  /// the distance to it would distort the level set near the wall.
  explicit LiquidRegions(const Scene& scene);
  /// Signed distance (m) of the union of regions, negative inside.
  double signed_distance(const Vec3& p) const;
  /// Index of the region whose surface is nearest inside (smallest signed distance) at p.
  size_t region_at(const Vec3& p) const;
  /// Initial velocity (m/s) of region i.
  const Vec3& velocity(size_t i) const { return velocities_[i]; }
  size_t size() const { return sdfs_.size(); }

 private:
  std::vector<ShapeSdf> sdfs_;
  std::vector<Vec3> velocities_;
};

}  // namespace ripple
