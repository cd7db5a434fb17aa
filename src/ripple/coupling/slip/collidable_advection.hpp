#pragma once
// Collidable semi-Lagrangian advection on the grid, of a gas or a level set (Robinson-Mosher et
// al. 2009, Sec. 2.4, Fig. 6):
// a backtrace follows the collidable velocity and stops on the arrival point's side of every
// surface; a cell-centred scalar is interpolated from the cell centres visible from the
// departure point only (the others replaced by the average of the visible ones, a given value
// when none is), and a cell centre that a moving surface swept over during the step is not
// visible at all: its value belongs to the other side. So smoke and a liquid's level set never
// cross a thin shell, moving or not.
#include "ripple/coupling/slip/collidable_velocity.hpp"
#include "ripple/coupling/slip/surface_bins.hpp"
#include "ripple/coupling/slip/surface_crossing.hpp"
#include "ripple/fluid/grid_advection.hpp"

namespace ripple {

class CollidableGridAdvection {
 public:
  /// `velocity`: the collidable velocity of the projection; `bins`: the surface where it is at the
  /// step's end; `sweep`: its motion over the step (null: it did not move). All must outlive this.
  /// `unseen`: a scalar's value at a point that sees no cell centre (0 for smoke; air, a
  /// positive distance, for a level set).
  CollidableGridAdvection(const CollidableVelocity& velocity, const SurfaceBins& bins, const SurfaceCrossingFilter* sweep,
                          double unseen = 0.0);
  // The hooks call into this object: it may not be copied or moved.
  CollidableGridAdvection(const CollidableGridAdvection&) = delete;
  CollidableGridAdvection& operator=(const CollidableGridAdvection&) = delete;
  /// The three functions advect_semi_lagrangian takes; valid while this object lives.
  const CollidableAdvection& hooks() const { return hooks_; }
  /// Was cell (i, j, k)'s centre swept over by the surface during the step?
  bool swept(const Vec3i& c) const { return swept_(c.x(), c.y(), c.z()) != 0; }
  /// The departure point x_back moved back along the path from x to the last point x sees.
  void keep_side(const Vec3& x, Vec3& x_back) const;
  /// Collidable trilinear interpolation of cell-centred q at x.
  double cell_scalar(const ScalarGrid& q, const Vec3& x) const;

 private:
  const CollidableVelocity& velocity_;
  const SurfaceBins& bins_;
  double unseen_ = 0.0;
  Array3<uint8_t> near_;    ///< cells within a cell of the surface or of a swept cell
  Array3<uint8_t> swept_;   ///< cell centres the surface crossed during the step
  CollidableAdvection hooks_;
};

}  // namespace ripple
