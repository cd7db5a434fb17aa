#include "ripple/coupling/barrier/barrier_step.hpp"

#include <cmath>
#include <numeric>

#include "ripple/core/errors.hpp"
#include "ripple/coupling/barrier/band_and_targets.hpp"
#include "ripple/coupling/barrier/barrier_start_checks.hpp"
#include "ripple/coupling/barrier/barrier_stiffness.hpp"
#include "ripple/coupling/barrier/liquid_prediction.hpp"
#include "ripple/coupling/barrier/optimisation_settings.hpp"
#include "ripple/coupling/barrier/step_correction.hpp"
#include "ripple/fluid/liquid_phases.hpp"

namespace ripple {
namespace {

SolidState& started_at(SolidState& state, double t) {
  state.time = t;  // also right after a resume
  return state;
}

/// The solids a step moves, with their incremental potential from x^n (Eq. 5): the world's
/// Lagrangian solids, or an empty model (Algorithm 2 optimises the level set alone).
struct StepSolids {
  StepSolids(World& w, BarrierCouplingState& st, double dt)
      : model(w.lagrangian ? w.lagrangian->model : st.no_solids),
        state(started_at(w.lagrangian ? w.lagrangian->state : st.no_solids_state, w.time)),
        settings(w.lagrangian ? w.lagrangian->settings : SolidStepSettings{}),
        x_start(model.positions(state.z)),
        problem(model, settings, dt, state) {}
  const SolidModel& model;
  SolidState& state;
  const SolidStepSettings settings;
  const VectorX x_start;  ///< #V*3, m
  SolidStepProblem problem;
};

void add_projection(BarrierStepReport& r, int iterations, double residual, bool converged) {
  r.pressure_iterations += iterations;
  // A diverged solve's NaN is kept (std::max would drop it): the coupler stops the run on it.
  r.pressure_residual = std::isnan(residual) ? residual : std::max(r.pressure_residual, residual);
  r.pressure_converged = r.pressure_converged && converged;
}

void record_optimum(BarrierStepReport& r, const CoupledResult& cr, double stiffness) {
  r.newton = cr.newton;
  r.unknowns = cr.unknowns;
  r.min_gap = cr.min_gap;
  r.stiffness = stiffness;
  r.start_repairs = cr.start_repairs;
  r.stencil_repairs = cr.stencil_repairs;
  r.start_stuck = cr.start_infeasible;
}

}  // namespace


BarrierStepReport barrier_step(World& w, BarrierCouplingState& st, double dt, PhaseTimings& timings) {
  const BarrierSettings& b = st.settings;
  const GridGeometry& g = w.liquid.grid;
  BarrierStepReport report;
  if (st.stiffness <= 0.0) st.stiffness = initial_barrier_stiffness(b, w.scene);
  start_volume_targets(st, g, w.liquid.phi);
  move_obstacles(w, w.time + dt, timings);
  const double volume_start = budget_volume(w.liquid.phi, g, timings);

  // Predict (Algorithm 1, lines 1-3).
  const LiquidPrediction pred = predict_liquid(w, b, dt, timings);
  add_projection(report, pred.pressure_iterations, pred.pressure_residual, pred.pressure_converged);
  StepSolids solids(w, st, dt);

  // The unknowns and the volume each component must keep (line 4).
  ScopedPhase band_phase(timings, "narrow_band");
  const BandWithTargets bt = select_band_and_targets(st, g, pred.phi, solids.model.num_dofs);
  band_phase.stop();
  report.lost_volume = bt.lost;
  report.returned_volume = bt.returned;
  const double volume_predicted = std::accumulate(bt.band.sharp_volumes.begin(), bt.band.sharp_volumes.end(), 0.0);
  report.volume_budget.advection = volume_predicted - volume_start;

  // Optimise (lines 5-6, Eq. 22).
  const bool two_way = w.lagrangian && b.final_projection == BarrierFinalProjection::two_way;
  const BarrierCouplingSettings cs = optimisation_settings(
      st, w.scene, barrier_points(solids.model.collision, liquid_coupled_vertices(w), b.points), two_way);
  VectorX z = solids.state.z;
  ScalarGrid phi_next;
  ScopedPhase optimisation_phase(timings, "coupled_optimisation");
  const CoupledResult cr = optimise_coupled(solids.model, solids.problem, bt.band, w.liquid.phi, cs, z, phi_next);
  optimisation_phase.stop();
  record_optimum(report, cr, st.stiffness);
  for (double v : phi_next.data())
    if (!std::isfinite(v)) throw SimulationError("coupled optimisation produced a non-finite level set");
  report.solids = solids.problem.finish(z, cr.newton);
  w.liquid.phi = std::move(phi_next);
  const double volume_optimised = budget_volume(w.liquid.phi, g, timings);
  report.volume_budget.optimisation = volume_optimised - volume_predicted;

  // Correct (lines 8-11).
  const CorrectionReport c = correct_step(w, st, solids.model, solids.state, solids.x_start, cr, cs.points,
                                          bt.band.label, two_way, dt, timings);
  add_projection(report, c.projection.iterations, c.projection.residual, c.projection.converged);
  report.closed_faces = c.projection.closed_faces;
  report.control_cells_kept = c.projection.control_cells_kept;
  report.volume_budget.volume_control = c.volume_control;
  report.volume_budget.redistance = c.volume_redistanced - volume_optimised;
  st.stiffness = adapted_barrier_stiffness(st.stiffness, cr.min_gap, b, w.scene);
  return report;
}

}  // namespace ripple
