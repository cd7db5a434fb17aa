#pragma once
// Velocity of a moving triangle mesh's closest point, sampled on a lattice: how a collider
// given as a mesh sequence hands its vertices' motion to the liquid's boundary condition.
#include <array>
#include <vector>

#include "ripple/contact/mesh_signed_distance.hpp"

namespace ripple {

/// For every sample p of `velocity` (at lattice.origin + h (i, j, k)) within `band` (m) of the
/// mesh: the velocity (m/s) of its closest point q, interpolated linearly over q's triangle from
/// `vertex_velocity` (#V), plus w x (p - q) with w the spin of the triangle's nearest rigid
/// motion, so a rigidly moving mesh gives every sample its exact rigid velocity. Samples
/// farther away keep their value.
void sample_closest_surface_velocity(const std::vector<Vec3>& vertices,
                                     const std::vector<std::array<int, 3>>& triangles,
                                     const std::vector<Vec3>& vertex_velocity, const Lattice& lattice, double band,
                                     Array3<Vec3>& velocity);

}  // namespace ripple
