#pragma once
// Volumes and rigid bodies are closed: the liquid has no place inside them (a shell has no
// inside). Their signed distance joins the obstacles' in the liquid's solid boundary, so that no
// liquid is seeded inside them, particles that end up inside are pushed out, and the level set
// built from particles treats them as the walls they are. Liquid left inside a body would form
// a closed pocket that the body carries, and it would weigh on the body as if it were part of it.
#include "ripple/grid/array3.hpp"
#include "ripple/world/world.hpp"

namespace ripple {

/// The solid boundary at time t (s): the obstacles, then every simulated volume and rigid body at
/// its current state; face fractions follow.
void update_boundary_with_closed_bodies(World& world, double t);

/// Marks (sets to 1) the cells of `cells` (the grid's cells) whose centre lies inside a
/// simulated volume or rigid body's surface, by the surface's exact signed distance at the
/// centre. The solid boundary's node samples, interpolated, miss centres just inside a curved
/// surface (the distance to a convex surface is convex, and interpolation overestimates it); the
/// visibility rays do not, and such a cell would be liquid walled in by the body, a pocket the
/// body carries that pushes back on it as it moves.
void mark_cells_inside_closed_bodies(const World& world, Array3<uint8_t>& cells);

}  // namespace ripple
