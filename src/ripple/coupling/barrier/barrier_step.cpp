#include "ripple/coupling/barrier/barrier_step.hpp"

#include <cmath>

#include "ripple/core/errors.hpp"
#include "ripple/coupling/barrier/band_and_targets.hpp"
#include "ripple/coupling/barrier/barrier_start_checks.hpp"
#include "ripple/coupling/barrier/barrier_stiffness.hpp"
#include "ripple/coupling/barrier/liquid_prediction.hpp"
#include "ripple/coupling/barrier/optimisation_settings.hpp"
#include "ripple/coupling/barrier/step_correction.hpp"
#include "ripple/fluid/liquid_phases.hpp"

namespace ripple {

BarrierStepReport barrier_step(World& w, BarrierCouplingState& st, double dt, PhaseTimings& timings) {
  const BarrierSettings& b = st.settings;
  const GridGeometry& g = w.liquid.grid;
  BarrierStepReport report;
  if (st.stiffness <= 0.0) st.stiffness = initial_barrier_stiffness(b, w.scene);
  start_volume_targets(st, g, w.liquid.phi);
  move_obstacles(w, w.time + dt, timings);
  const double volume_start = budget_volume(w.liquid.phi, g, timings);

  // Predict (Algorithm 1, lines 1-3). Scenes without Lagrangian solids optimise the level set
  // alone (Algorithm 2) with an empty model.
  const LiquidPrediction pred = predict_liquid(w, b, dt, timings);
  report.pressure_iterations = pred.pressure_iterations;
  report.pressure_residual = pred.pressure_residual;
  report.pressure_converged = pred.pressure_converged;
  const bool has_solids = w.lagrangian != nullptr;
  const SolidModel& m = has_solids ? w.lagrangian->model : st.no_solids;
  SolidState& solid_state = has_solids ? w.lagrangian->state : st.no_solids_state;
  solid_state.time = w.time;
  const VectorX x_start = m.positions(solid_state.z);
  const SolidStepSettings solid_settings = has_solids ? w.lagrangian->settings : SolidStepSettings{};
  SolidStepProblem solids(m, solid_settings, dt, solid_state);

  // The unknowns and the volume each component must keep (line 4).
  BandWithTargets bt;
  {
    ScopedPhase t(timings, "narrow_band");
    bt = select_band_and_targets(st, g, pred.phi, m.num_dofs);
  }
  report.lost_volume = bt.lost;
  report.returned_volume = bt.returned;
  double volume_predicted = 0.0;  // the band measured it: every liquid cell has a component
  for (double v : bt.band.sharp_volumes) volume_predicted += v;
  report.volume_budget.advection = volume_predicted - volume_start;

  // Optimise (lines 5-6, Eq. 22).
  const bool two_way = has_solids && b.final_projection == BarrierFinalProjection::two_way;
  const BarrierCouplingSettings cs =
      optimisation_settings(st, w.scene, barrier_points(m.collision, liquid_coupled_vertices(w), b.points), two_way);
  VectorX z = solid_state.z;
  ScalarGrid phi_next;
  CoupledResult cr;
  {
    ScopedPhase t(timings, "coupled_optimisation");
    cr = optimise_coupled(m, solids, bt.band, w.liquid.phi, cs, z, phi_next);
  }
  report.newton = cr.newton;
  report.unknowns = cr.unknowns;
  report.min_gap = cr.min_gap;
  report.stiffness = st.stiffness;
  report.start_repairs = cr.start_repairs;
  report.stencil_repairs = cr.stencil_repairs;
  report.start_stuck = cr.start_infeasible;
  for (double v : phi_next.data())
    if (!std::isfinite(v)) throw SimulationError("coupled optimisation produced a non-finite level set");
  report.solids = solids.finish(z, cr.newton);
  w.liquid.phi = std::move(phi_next);
  const double volume_optimised = budget_volume(w.liquid.phi, g, timings);
  report.volume_budget.optimisation = volume_optimised - volume_predicted;

  // Correct (lines 8-11).
  const CorrectionReport c =
      correct_step(w, st, m, solid_state, x_start, cr, cs.points, bt.band.label, two_way, dt, timings);
  report.volume_budget.volume_control = c.volume_control;
  report.volume_budget.redistance = c.volume_redistanced - volume_optimised;
  report.pressure_iterations += c.projection.iterations;
  report.pressure_residual = std::max(report.pressure_residual, c.projection.residual);
  report.pressure_converged = report.pressure_converged && c.projection.converged;
  report.closed_faces = c.projection.closed_faces;
  report.control_cells_kept = c.projection.control_cells_kept;

  st.stiffness = adapted_barrier_stiffness(st.stiffness, cr.min_gap, b, w.scene);
  return report;
}

}  // namespace ripple
