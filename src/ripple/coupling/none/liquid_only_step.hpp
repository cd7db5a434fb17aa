#pragma once
// coupling.method = "none": the liquid advances alone; solids are prescribed (static or
// kinematic) cut-cell boundaries.
#include "ripple/sim/world.hpp"

namespace ripple {

/// Advances the world by dt. Phases are timed into `timings`.
StepReport liquid_only_step(World& world, double dt, PhaseTimings& timings);

/// Largest substep allowed by CFL, capillary and viscous limits and max_dt (s).
double stable_time_step(const World& world);

}  // namespace ripple
