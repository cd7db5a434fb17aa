#pragma once
// Passive marker particles of a gas (Robinson-Mosher et al. 2009, Fig. 7): seeded in shapes at
// t = 0 and released by sources over time, they ride the gas's velocity and show its flow. Their
// positions come from a hash of where and when they are made (no random state), so a resumed run
// releases the same markers as one that ran through.
#include <vector>

#include "ripple/fluid/gas_sources.hpp"
#include "ripple/fluid/liquid_state.hpp"
#include "ripple/fluid/solid_boundary.hpp"
#include "ripple/scene/scene.hpp"

namespace ripple {

/// The markers of scene.fluid.gas.markers: per_cell per cell whose centre lies in a shape, at
/// hashed points of the cell, outside the solid boundary.
Particles seed_gas_markers(const Scene& scene, const SolidBoundary& solids);

/// Adds the markers the sources release over the substep `step` of length dt (s): on average
/// markers_per_second * dt each, at hashed points of their cells.
void release_gas_markers(const std::vector<GasSourceCells>& sources, const GridGeometry& grid, double dt, int64_t step,
                         Particles& markers);

}  // namespace ripple
