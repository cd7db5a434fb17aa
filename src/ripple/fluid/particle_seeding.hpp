#pragma once
// Initial liquid particles seeded in the scene's regions.
#include "ripple/fluid/liquid_state.hpp"
#include "ripple/fluid/solid_boundary.hpp"

namespace ripple {

/// Seeds particles_per_cell particles (a regular lattice where the count is a cube, random
/// otherwise) in every cell inside the regions and outside solids, with the region's velocity. Deterministic.
Particles seed_particles(const Scene& scene, const SolidBoundary& solids);

/// Volume (m^3) of the scene's regions inside the domain and outside the solids: a cell whose
/// centre lies farther than a cell from both boundaries whole or not at all, the others split
/// into 4^3 subcubes measured by linear interpolation over tetrahedra (exact for planes).
double regions_volume(const Scene& scene, const SolidBoundary& solids);

}  // namespace ripple
