#pragma once
// Particles never cross the slip surface (Robinson-Mosher et al. 2009, Sec. 3.3: the liquid stays
// on its side of every solid, thin shells included): a particle's straight move over a step is
// tested against every nearby triangle's linear motion by continuous collision detection, and a
// particle that would cross a triangle stops short of it (keeping a small gap on its side) and
// moves with it for the rest of the step.
#include "ripple/coupling/slip/surface_bins.hpp"

namespace ripple {

class SurfaceCrossingFilter {
 public:
  /// `start` and `end`: the surface at the step's start and end (the same triangles; when their
  /// sizes differ the end positions are used for both). `end_bins` sorts the end surface.
  SurfaceCrossingFilter(const SlipSurface& start, const SlipSurface& end, const SurfaceBins& end_bins);
  /// Moves x1 (m) back to x0's side of any triangle the move from x0 would reach.
  void apply(const Vec3& x0, Vec3& x1) const;
  /// The surface's largest vertex move over the step (m).
  double max_motion() const { return max_motion_; }

 private:
  const SlipSurface& start_;
  const SlipSurface& end_;
  const SurfaceBins& bins_;
  bool moving_;
  double max_motion_ = 0.0;  ///< m, the surface's largest vertex move over the step
};

}  // namespace ripple
