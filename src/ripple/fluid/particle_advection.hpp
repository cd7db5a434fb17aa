#pragma once
// Moves particles through the grid velocity (midpoint rule), pushes them out of solids and
// keeps them inside walls; particles leaving through open sides are removed.
#include "ripple/fluid/liquid_state.hpp"
#include "ripple/fluid/solid_boundary.hpp"

namespace ripple {

/// Returns the number of particles removed through open boundaries.
int64_t advect_particles(Particles& p, const GridGeometry& g, const MacVelocity& velocity, const SolidBoundary& solids,
                         const Scene& scene, double dt);

}  // namespace ripple
