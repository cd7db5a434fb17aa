#include "ripple/coupling/none/liquid_only_coupler.hpp"

#include <cmath>

#include "ripple/core/errors.hpp"
#include "ripple/fluid/liquid_phases.hpp"
#include "ripple/fluid/wall_separation.hpp"

namespace ripple {

LiquidStepReport liquid_only_step(LiquidWorld& w, double dt, PhaseTimings& timings) {
  const Scene& s = w.scene;
  LiquidState& L = w.liquid;
  LiquidStepReport report;
  move_obstacles(w, w.time + dt, timings);
  ProjectionInput in = prepare_projection(w, dt, timings);
  {
    ScopedPhase t(timings, "pressure");
    const ProjectionResult r =
        project_pressure(L, w.solids, s.fluid.surface_tension > 0.0 ? &in.curvature : nullptr,
                         projection_params(s, dt), in.valid, w.pressure_system);
    report.pressure_iterations = r.iterations;
    report.pressure_residual = r.residual;
    report.pressure_converged = r.converged;
    report.separation_rounds = r.separation_rounds;
    report.released_cells = r.released_cells;
    if (uses_particles(s.fluid.representation))
      open_separating_walls(L.velocity, w.pressure_system.released, L, w.solids);
    if (!std::isfinite(r.residual)) throw SimulationError("non-finite pressure residual (the pressure solve diverged)");
  }
  const bool displace = correct_particle_volume(w, dt, false, timings);
  report.particles_removed = advance_liquid_after_projection(w, in, dt, displace, timings);
  return report;
}

void LiquidOnlyCoupler::step(World& world, double dt, const StepContext& ctx) {
  if (world.lagrangian) step_free_solids(world, dt, ctx);
  const LiquidStepReport r = liquid_only_step(world, dt, ctx.timings);
  record_pressure(r.pressure_iterations, r.pressure_residual, r.pressure_converged, ctx);
  ctx.log.particles_removed += r.particles_removed;
  ctx.log.separation_rounds += r.separation_rounds;
  ctx.log.released_cells_max = std::max(ctx.log.released_cells_max, r.released_cells);
}

}  // namespace ripple
