#pragma once
// Moves particles through the grid velocity (midpoint rule), pushes them out of solids and
// keeps them inside walls; particles leaving through open sides are removed.
#include "ripple/fluid/liquid_state.hpp"
#include "ripple/fluid/solid_boundary.hpp"

namespace ripple {

/// Moves the particles through `velocity` with the midpoint rule (RK2). With
/// `velocity_is_grid_sample`, p.v already holds the trilinear sample of `velocity` at each
/// particle (true right after the APIC grid-to-particle transfer, tests/fluid/
/// test_particle_transfer.cpp), and the first stage uses it instead of sampling again.
/// `displacement` (m, on faces; optional) is sampled at each particle's start position and added
/// to its move, at most a quarter cell (density_correction.hpp). Returns the number of particles
/// removed through open boundaries.
int64_t advect_particles(Particles& p, const GridGeometry& g, const MacVelocity& velocity, const SolidBoundary& solids,
                         const WallSides& walls, double dt, bool velocity_is_grid_sample = false,
                         const MacVelocity* displacement = nullptr);

}  // namespace ripple
