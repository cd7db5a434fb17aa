#pragma once
// Eulerian advection on the grid for the pure level-set representation: semi-Lagrangian with
// a midpoint backtrace, or MacCormack (Selle et al. 2008) with extrema clamping.
#include "ripple/fluid/liquid_state.hpp"
#include "ripple/scene/scene.hpp"

namespace ripple {

/// Advects samples of q (stored at offset `offset` cells) through `velocity` for dt.
void advect_samples(ScalarGrid& q, const Vec3& offset, const GridGeometry& g, const MacVelocity& velocity, double dt,
                    LevelSetAdvection scheme);

/// Self-advection of the face velocities (semi-Lagrangian).
void advect_velocity(MacVelocity& velocity, const GridGeometry& g, double dt);

}  // namespace ripple
