#include "ripple/coupling/cutcell/cutcell_step.hpp"

#include <cmath>

#include "ripple/core/errors.hpp"
#include "ripple/coupling/cutcell/cut_cell_boundary.hpp"
#include "ripple/fluid/density_correction.hpp"
#include "ripple/fluid/particle_level_set.hpp"
#include "ripple/solver/multigrid_preconditioner.hpp"

namespace ripple {

void initialise_cutcell(World& w) {
  if (!w.lagrangian) return;
  w.cutcell.solids = build_coupled_solids(w.lagrangian->model, w.lagrangian->scene_bodies);
  w.cutcell.body_collision = coupled_collision_mesh(w.lagrangian->model, w.cutcell.solids);
}

CutCellStepReport cutcell_step(World& w, double dt, PhaseTimings& timings) {
  CutCellStepReport rep;
  const double t1 = w.time + dt;
  if (w.lagrangian && !w.cutcell.solids.empty()) {
    ScopedPhase t(timings, "solid_motion");
    rep.motion = advance_coupled_solids(w, dt, t1);
  }
  {
    ScopedPhase t(timings, "cut_cells");
    update_cut_cell_boundary(w, t1);
  }
  // The level set is rebuilt there with the extrapolation into bodies (solid_extension).
  ProjectionInput in = prepare_projection(w, dt, timings, false);
  rep.projection = coupled_projection(w, in, dt, timings);
  if (!std::isfinite(rep.projection.system.coupled_residual))
    throw SimulationError("non-finite coupled pressure/solid solve (cut-cell projection diverged)");
  if (w.lagrangian && !w.lagrangian->state.velocity.allFinite())
    throw SimulationError("non-finite solid velocity after the cut-cell projection");
  // The particles' volume correction (fluid/density_correction), as in the liquid-only step, on
  // the liquid block of this step's system with a multigrid preconditioner of its own.
  const Scene& s = w.scene;
  bool displace = false;
  if (s.fluid.representation != LiquidRepresentation::LevelSet && s.fluid.volume_correction > 0.0 &&
      w.steps % kVolumeCorrectionInterval == 0 && w.pressure_system.A.active_count() > 0) {
    ScopedPhase t(timings, "volume_correction");
    w.pressure_system.preconditioner = std::make_unique<MultigridPreconditioner>(w.pressure_system.A, w.pressure_system.mg);
    displace = density_correction_displacement(w.pressure_system, w.liquid, w.solids, w.particle_bins,
                                               s.fluid.particles_per_cell, s.fluid.volume_correction,
                                               projection_params(s, dt), w.volume_correction);
  }
  rep.particles_removed = advance_liquid_after_projection(w, in, dt, displace, timings);
  w.time = t1;
  ++w.steps;
  return rep;
}

}  // namespace ripple
