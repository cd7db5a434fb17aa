#include "ripple/fluid/liquid_regions.hpp"

namespace ripple {

LiquidRegions::LiquidRegions(const Scene& scene) {
  const GridGeometry& g = scene.grid;
  for (const auto& r : scene.fluid.regions) {
    ShapeDesc shape = r.shape;
    if (shape.kind == ShapeDesc::Kind::Box)
      for (int a = 0; a < 3; ++a) {
        if (shape.min[a] <= g.origin[a]) shape.min[a] = g.origin[a] - 10 * g.dx;
        if (shape.max[a] >= g.upper()[a]) shape.max[a] = g.upper()[a] + 10 * g.dx;
      }
    sdfs_.emplace_back(shape, 0.5 * g.dx);
    velocities_.push_back(r.velocity);
  }
}

double LiquidRegions::signed_distance(const Vec3& p) const {
  double d = 1e30;
  for (const auto& s : sdfs_) d = std::min(d, s(p));
  return d;
}

size_t LiquidRegions::region_at(const Vec3& p) const {
  size_t best = 0;
  double d = 1e30;
  for (size_t i = 0; i < sdfs_.size(); ++i)
    if (const double di = sdfs_[i](p); di < d) { d = di; best = i; }
  return best;
}

}  // namespace ripple
