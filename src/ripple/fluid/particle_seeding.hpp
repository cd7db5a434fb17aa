#pragma once
// Initial liquid particles seeded in the scene's regions.
#include "ripple/fluid/liquid_state.hpp"
#include "ripple/fluid/solid_boundary.hpp"

namespace ripple {

/// Seeds particles_per_cell particles (a regular lattice where the count is a cube, random
/// otherwise) in every cell inside the regions and outside solids, with the region's velocity. Deterministic.
Particles seed_particles(const Scene& scene, const SolidBoundary& solids);

}  // namespace ripple
