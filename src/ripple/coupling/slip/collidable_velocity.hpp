#pragma once
// Collidable interpolation (Robinson-Mosher et al. 2009, Sec. 3.3, Fig. 6): near a solid, the
// trilinear stencil of each velocity component keeps only the samples whose cell centre is
// visible from the point (an occluded face's sample is the one seen from that cell); the others
// are replaced by the average of the visible ones, and the solid's velocity is used when none is
// visible. At a face centre this is the stencil W of the constraints, so what the solve makes
// slip is what particles move with.
#include "ripple/coupling/slip/occluded_faces.hpp"
#include "ripple/coupling/slip/slip_projection.hpp"
#include "ripple/grid/mac_velocity.hpp"

namespace ripple {

class CollidableVelocity {
 public:
  CollidableVelocity(const MacVelocity& velocity, const OccludedFaces& occluded, const UpperSamples& upper,
                     const SurfaceBins& bins);
  /// Is a surface within a cell of x (then sample() may differ from the grid's trilinear sample)?
  bool near_surface(const Vec3& x) const;
  /// The collidable velocity (m/s) at x.
  Vec3 sample(const Vec3& x) const;

 private:
  /// The velocity of the surface vertex nearest to x (zero when none is within a cell).
  Vec3 solid_velocity_near(const Vec3& x) const;
  const MacVelocity& velocity_;
  const OccludedFaces& occluded_;
  const UpperSamples& upper_;
  const SurfaceBins& bins_;
  Array3<uint8_t> near_;  ///< cells with surface in them or in a neighbour
};

}  // namespace ripple
