#include "ripple/coupling/barrier/barrier_coupler.hpp"

#include <cmath>
#include <sstream>

#include "ripple/core/errors.hpp"
#include "ripple/coupling/barrier/barrier_start_checks.hpp"
#include "ripple/coupling/barrier/barrier_stats.hpp"
#include "ripple/fluid/liquid_phases.hpp"

namespace ripple {

void BarrierCoupler::check_start(const World& world) const { check_solids_start_outside_liquid(world); }

std::vector<std::string> BarrierCoupler::start_warnings(const World& world) const {
  return barrier_resolution_warnings(world, state.settings);
}

// The semi-implicit surface tension (Eq. 8) lifts the explicit capillary limit.
double BarrierCoupler::stable_time_step(const World& world) const { return stable_liquid_time_step(world, false); }

void BarrierCoupler::step(World& world, double dt, const StepContext& ctx) {
  const BarrierStepReport r = barrier_step(world, state, dt, ctx.timings);
  if (!std::isfinite(r.pressure_residual)) throw SimulationError("non-finite pressure residual (the pressure solve diverged)");
  record_pressure(r.pressure_iterations, r.pressure_residual, r.pressure_converged, ctx);
  FrameFigures& c = frame_;
  c.unknowns_max = std::max(c.unknowns_max, r.unknowns);
  c.min_gap = std::min(c.min_gap, r.min_gap);
  c.closed_faces += r.closed_faces;
  c.stiffness = r.stiffness;
  c.start_repairs += r.start_repairs;
  c.stencil_repairs += r.stencil_repairs;
  c.start_stuck += r.start_stuck;
  c.control_cells_kept += r.control_cells_kept;
  c.volume.advection += r.volume_budget.advection;
  c.volume.optimisation += r.volume_budget.optimisation;
  c.volume.volume_control += r.volume_budget.volume_control;
  c.volume.redistance += r.volume_budget.redistance;
  record_solid_step(r.solids, ctx, "coupled solid-liquid");
  if (r.start_stuck > 0) {
    std::ostringstream os;
    os << "frame " << ctx.frame << ": " << r.start_stuck << " barrier points (solid vertices, or edge and triangle "
       << "points) started a coupled solve inside the liquid with no level-set unknown to lift them (the solve "
       << "cannot move them)";
    ctx.warn(os.str());
  }
  if (r.lost_volume > 0.0) {
    std::ostringstream os;
    os << "frame " << ctx.frame << ": " << r.lost_volume << " m^3 of liquid vanished with no liquid left to take its volume";
    ctx.warn(os.str());
  }
}

void BarrierCoupler::write_frame_stats(const World& world, const FrameLog& log, nlohmann::json& j) {
  const nlohmann::json b = barrier_frame_stats(world, state);  // named: items() of a temporary would dangle
  for (const auto& [key, value] : b.items()) j[key] = value;
  const FrameFigures& c = frame_;
  j["coupling_newton_iterations"] = log.newton_iterations;
  j["coupling_newton_iterations_max"] = log.newton_iterations_max;
  j["coupling_newton_iterations_mean"] = log.substeps > 0 ? double(log.newton_iterations) / log.substeps : 0.0;
  j["coupling_newton_unconverged"] = log.newton_unconverged;
  j["coupling_level_set_unknowns_max"] = c.unknowns_max;
  j["coupling_min_gap"] = finite_or_null(c.min_gap);
  j["coupling_contact_faces"] = c.closed_faces;
  j["coupling_barrier_stiffness"] = c.stiffness;
  j["coupling_start_repairs"] = c.start_repairs;
  j["coupling_stencil_repairs"] = c.stencil_repairs;
  j["coupling_start_stuck"] = c.start_stuck;
  j["coupling_volume_control_cells_kept"] = c.control_cells_kept;
  j["liquid_volume_budget"] = {{"advection", c.volume.advection},
                               {"optimisation", c.volume.optimisation},
                               {"volume_control", c.volume.volume_control},
                               {"redistance", c.volume.redistance}};
  frame_ = FrameFigures{};
}

std::vector<StatsField> barrier_stats_fields() {
  return {
      {"penetrating_vertices", "", "Coupled solid vertices inside the liquid, read from the final level set with the "
                                   "scene's interpolation, independently of the solve (the method's invariant: 0)."},
      {"penetrating_vertices_trilinear", "", "The same by the plain trilinear level set."},
      {"min_solid_fluid_distance", "m", "Smallest distance from a coupled solid vertex to the liquid; null without solids."},
      {"liquid_components[].volume", "m^3", "A connected liquid component's smoothed volume (Eq. 11)."},
      {"liquid_components[].target", "m^3", "The volume its constraint holds it to: inside the surface with "
                                            "volume_measure \"sharp\" (the default), smoothed with \"smoothed\"."},
      {"liquid_components[].change", "", "Its measured volume against the target, relative."},
      {"liquid_components[].sharp_volume", "m^3", "The volume inside its surface, as the exported mesh encloses it."},
      {"liquid_components[].min_solid_distance", "m", "Its own smallest gap to the coupled solids; null when none is "
                                                     "within the narrow band."},
      {"liquid_volume_lost", "m^3", "Volume targets of components that vanished with no liquid left to take them "
                                    "(summed over the run; also a log warning)."},
      {"liquid_volume_returned", "m^3", "Targets of vanished components (a film thinner than a cell) handed whole to "
                                        "the nearest component, summed over the run."},
      {"liquid_volume_budget.advection", "m^3", "Change of the volume inside the surface in the frame's advection "
                                                "phases (forces, first projection, advection)."},
      {"liquid_volume_budget.optimisation", "m^3", "... in the coupled optimisation (Eq. 22)."},
      {"liquid_volume_budget.volume_control", "m^3", "... in the volume control (volume_measure \"sharp\")."},
      {"liquid_volume_budget.redistance", "m^3", "... in the redistance; the four add up to the frame's change."},
      {"coupling_newton_iterations", "", "Newton iterations of the coupled solves, summed over the substeps."},
      {"coupling_newton_iterations_max", "", "Iterations of the frame's longest coupled solve."},
      {"coupling_newton_iterations_mean", "", "Mean iterations per substep."},
      {"coupling_newton_unconverged", "", "Coupled solves that hit coupling.barrier.max_iterations."},
      {"coupling_level_set_unknowns_max", "", "Most level-set unknowns (narrow-band cells) of a coupled solve."},
      {"coupling_min_gap", "m", "Smallest solid-liquid gap the barrier saw over the frame; null without solids near."},
      {"coupling_contact_faces", "", "Faces the final projection closed at solid contacts (Eq. 23), summed."},
      {"coupling_barrier_stiffness", "kg", "The solid-liquid barrier's stiffness kappa at the last substep."},
      {"coupling_start_repairs", "", "Barrier points whose solve started inside the liquid and were lifted out."},
      {"coupling_start_stuck", "", "Such points with no level-set unknown to lift them (also a log warning)."},
      {"coupling_stencil_repairs", "", "Linear interpolation: points re-paired during a solve because the trilinear "
                                       "field, not their frozen stencil, stopped their step."},
      {"coupling_volume_control_cells_kept", "", "Level-set cells the volume control left unmoved because moving them "
                                                 "would bring a solid vertex too near the liquid."}};
}

// The volume targets, their cell labels and kappa (empty before the first step).
void BarrierCoupler::save(BinaryWriter& out) const {
  out.put_grid(state.label);
  out.put_vec(state.target);
  out.put(state.stiffness);
  out.put(state.lost_volume);
  out.put(state.returned_volume);
  out.put_vec(state.sharp_target);
}

void BarrierCoupler::load(BinaryReader& in) {
  in.get_grid(state.label);
  in.get_vec(state.target);
  state.stiffness = in.get<double>();
  state.lost_volume = in.get<double>();
  state.returned_volume = in.get<double>();
  in.get_vec(state.sharp_target);
}

}  // namespace ripple
