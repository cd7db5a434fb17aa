#pragma once
// coupling.method = "none": the liquid advances alone; solids are prescribed (static or
// kinematic) cut-cell boundaries.
#include "ripple/fluid/pressure_projection.hpp"
#include "ripple/sim/world.hpp"

namespace ripple {

/// What the pressure projection needs from the phases before it.
struct ProjectionInput {
  FaceFlags valid;             ///< faces whose velocity is known before the projection
  MacVelocity old_velocity;    ///< grid velocity before forces (FLIP only)
  ScalarGrid curvature;        ///< interface curvature (1/m), when surface tension is on
};

/// The phases before the projection: particles (or level-set advection) to grid velocity and
/// level set, body forces, curvature. Exposed so benchmarks can build realistic systems, and
/// shared with couplings that build the solid boundary themselves (`update_boundary` false).
ProjectionInput prepare_projection(World& world, double dt, PhaseTimings& timings, bool update_boundary = true);

/// The phases after the projection: velocity extrapolation from the faces `in.valid`, grid to
/// particles, particle advection (moved by the volume correction's displacement when
/// `displace`). Returns the particles removed (left the domain).
int64_t advance_liquid_after_projection(World& world, ProjectionInput& in, double dt, bool displace,
                                        PhaseTimings& timings);

/// The projection settings of a liquid-only step of length dt (s).
ProjectionParams projection_params(const Scene& scene, double dt);

/// Advances the world by dt. Phases are timed into `timings`.
StepReport liquid_only_step(World& world, double dt, PhaseTimings& timings);

/// Largest substep allowed by CFL, capillary and viscous limits and max_dt (s).
double stable_time_step(const World& world);

}  // namespace ripple
