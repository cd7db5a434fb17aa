#pragma once
// What the slip method changes in the shared particle phases (Sec. 3.3): near a surface a
// particle takes the collidable velocity (no affine part: its stencil is one-sided) and moves
// with it, and no particle crosses a surface over the step.
#include "ripple/coupling/slip/collidable_velocity.hpp"
#include "ripple/coupling/slip/surface_crossing.hpp"
#include "ripple/fluid/liquid_phases.hpp"

namespace ripple {

/// Hooks for advance_liquid_after_projection; both objects must outlive them. `crossing` null:
/// no surface to keep particles from.
LiquidAdvanceHooks slip_particle_hooks(const CollidableVelocity& collidable, const SurfaceCrossingFilter* crossing);

}  // namespace ripple
