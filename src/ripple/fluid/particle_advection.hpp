#pragma once
// Moves particles through the grid velocity (midpoint rule), pushes them out of solids and
// keeps them inside walls; particles leaving through open sides are removed, and through periodic
// sides come back through the opposite one.
#include <functional>

#include "ripple/fluid/liquid_state.hpp"
#include "ripple/fluid/solid_boundary.hpp"
#include "ripple/grid/periodic_grid.hpp"

namespace ripple {

/// What a coupling method changes in a particle's move (the liquid's phases know nothing of the
/// solids' surfaces): both optional, both called from parallel loops.
struct ParticleMoveHooks {
  /// The velocity (m/s) at a point, where the method's own interpolation replaces the grid's
  /// trilinear sample: returns false to keep the grid's.
  std::function<bool(const Vec3& x, Vec3& v)> velocity;
  /// Called with a particle's start and end positions (m) after the push out of solids and
  /// before the walls clamp it; may move the end (e.g. back to the particle's side of a surface
  /// it crossed).
  std::function<void(const Vec3& x0, Vec3& x1)> filter;
};

/// Removes the particles whose `keep` flag is 0, keeping the others' order. Returns how many went.
int64_t remove_particles(Particles& p, const std::vector<uint8_t>& keep);

/// Moves the particles through `velocity` with the midpoint rule (RK2). With
/// `velocity_is_grid_sample`, p.v already holds the trilinear sample of `velocity` at each
/// particle (true right after the APIC grid-to-particle transfer, tests/fluid/
/// test_particle_transfer.cpp), and the first stage uses it instead of sampling again.
/// `displacement` (m, on faces; optional) is sampled at each particle's start position and added
/// to its move, at most a quarter cell (density_correction.hpp). Returns the number of particles
/// removed through open boundaries. Around `periodic` axes particles wrap (the hooks' velocity is
/// not asked within two cells of a periodic side).
int64_t advect_particles(Particles& p, const GridGeometry& g, const MacVelocity& velocity, const SolidBoundary& solids,
                         const WallSides& walls, double dt, bool velocity_is_grid_sample = false,
                         const MacVelocity* displacement = nullptr, const ParticleMoveHooks* hooks = nullptr,
                         const PeriodicAxes& periodic = {});

}  // namespace ripple
