#pragma once
// The scene's rigid solids as rigid bodies with six velocities (solid/rigid_body.hpp), for the
// coupling methods that step them so (monolith, membrane). Their state stays in the solids'
// affine coordinates, so output, stats and checkpoints treat them as every method does: a
// method reads them before its step and writes them back after.
#include <vector>

#include "ripple/solid/rigid_body.hpp"
#include "ripple/world/world.hpp"

namespace ripple {

/// The world's rigid solids as bodies (mass, inertia, surface vertices as contact points, the
/// closed surface's volume and signed distance sampled every `h` m), their state read;
/// `model_body` and `scene_solid` receive each body's index among the solid model's bodies and
/// among the scene's solids.
std::vector<RigidBody> make_rigid_bodies(const World& world, double h, std::vector<int>& model_body,
                                         std::vector<int>& scene_solid);

/// Positions, orientations and velocities from the solids' state (the nearest rotation to each
/// affine frame).
void read_rigid_bodies(const World& world, const std::vector<int>& model_body, std::vector<RigidBody>& bodies);

/// The bodies' positions, orientations and velocities back into the solids' state.
void write_rigid_bodies(World& world, const std::vector<int>& model_body, const std::vector<RigidBody>& bodies);

}  // namespace ripple
