#pragma once
// Initial liquid: particles seeded in the scene's regions, and the regions' signed distance.
#include "ripple/fluid/liquid_state.hpp"
#include "ripple/fluid/solid_boundary.hpp"

namespace ripple {

/// Signed distance (m) of the union of liquid regions at p.
double region_signed_distance(const Scene& scene, const Vec3& p);

/// Seeds particles_per_cell particles (a regular lattice where the count is a cube, random
/// otherwise) in every cell inside the regions and outside solids, with the region's velocity. Deterministic.
Particles seed_particles(const Scene& scene, const SolidBoundary& solids);

}  // namespace ripple
