#pragma once
// The slip method's projection phase: the liquid's pressures and the constraint forces in one
// solve (Robinson-Mosher et al. 2009, Eq. 10, 12; two-way Eq. 16 with the solids' response
// M + dt^2 K), then, two-way, the solids' step solved again from its start with the liquid's
// impulse, so that they move as far as the liquid made room for and keep contact's guarantees.
#include <optional>

#include "ripple/coupling/slip/slip_projection.hpp"
#include "ripple/coupling/slip/slip_settings.hpp"
#include "ripple/fluid/liquid_phases.hpp"
#include "ripple/world/world.hpp"

namespace ripple {

/// Projects world.liquid.velocity for the step dt (s) whose solids began at `start` (null: no
/// Lagrangian solids) and whose surface at the end is `end`, occluding `occluded`; fills
/// `in.valid` and `upper`. Throws SimulationError when the solve ends far from its tolerance.
SlipProjectionResult project_liquid_and_solids(World& world, const SlipSettings& settings, double dt,
                                               const SlipSurface& end, const OccludedFaces& occluded,
                                               const std::optional<SolidState>& start, ProjectionInput& in,
                                               UpperSamples& upper, const StepContext& ctx);

}  // namespace ripple
