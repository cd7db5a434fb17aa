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
  j["coupling_min_gap"] = std::isfinite(c.min_gap) ? nlohmann::json(c.min_gap) : nlohmann::json(nullptr);
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
