#pragma once
// Eulerian advection on the grid for the level-set and gas representations: semi-Lagrangian
// with a midpoint backtrace, or MacCormack (Selle et al. 2008) with extrema clamping; and a
// semi-Lagrangian step whose backtrace and samples a coupling method makes collidable.
#include <functional>

#include "ripple/fluid/liquid_state.hpp"
#include "ripple/grid/periodic_grid.hpp"
#include "ripple/scene/scene.hpp"

namespace ripple {

/// Advects samples of q (stored at offset `offset` cells) through `velocity` for dt.
void advect_samples(ScalarGrid& q, const Vec3& offset, const GridGeometry& g, const MacVelocity& velocity, double dt,
                    LevelSetAdvection scheme);

/// Self-advection of the face velocities (semi-Lagrangian).
void advect_velocity(MacVelocity& velocity, const GridGeometry& g, double dt);

/// A coupling method's collidable advection (as Robinson-Mosher et al. 2009, Sec. 2.4): the
/// velocity (m/s) at a point that backtraces follow and velocity samples take, a move of a
/// departure point back to the arrival point's side of every solid, and the interpolation of a
/// cell-centred scalar at a point from the samples it may see. Each is plain trilinear away from
/// the method's solids.
struct CollidableAdvection {
  std::function<Vec3(const Vec3& x)> velocity;
  std::function<void(const Vec3& arrival, Vec3& departure)> keep_side;
  std::function<double(const ScalarGrid& q, const Vec3& x)> cell_scalar;
};

/// Semi-Lagrangian advection of the face velocities and of the cell-centred scalars `scalars`
/// for dt (s) through `velocity`, collidable when `collidable` is given (else plain trilinear),
/// wrapping around the `periodic` axes (the collidable hooks are not asked within two cells of a
/// periodic side, which solids keep clear of).
void advect_semi_lagrangian(MacVelocity& velocity, const std::vector<ScalarGrid*>& scalars, const GridGeometry& g,
                            double dt, const CollidableAdvection* collidable, const PeriodicAxes& periodic = {});

}  // namespace ripple
