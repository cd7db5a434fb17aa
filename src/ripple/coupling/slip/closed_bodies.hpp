#pragma once
// Volumes and rigid bodies are closed: the liquid has no place inside them (a shell has no
// inside). Their signed distance joins the obstacles' in the liquid's solid boundary, so that no
// liquid is seeded inside them, particles that end up inside are pushed out, and the level set
// built from particles treats them as the walls they are. Liquid left inside a body would form
// a closed pocket that the body carries, and it would weigh on the body as if it were part of it.
#include "ripple/world/world.hpp"

namespace ripple {

/// The solid boundary at time t (s): the obstacles, then every simulated volume and rigid body at
/// its current state; face fractions follow.
void update_boundary_with_closed_bodies(World& world, double t);

}  // namespace ripple
