#include "ripple/coupling/barrier/barrier_step.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "ripple/core/errors.hpp"
#include "ripple/coupling/barrier/component_volumes.hpp"
#include "ripple/coupling/barrier/contact_preserving_redistance.hpp"
#include "ripple/coupling/barrier/coupled_optimisation.hpp"
#include "ripple/coupling/barrier/final_projection.hpp"
#include "ripple/coupling/barrier/liquid_prediction.hpp"
#include "ripple/coupling/barrier/narrow_band.hpp"
#include "ripple/coupling/barrier/penetration_check.hpp"
#include "ripple/fluid/particle_level_set.hpp"  // kLevelSetBandCells
#include "ripple/grid/level_set_volume.hpp"

namespace ripple {
namespace {

// kappa doubles (up to this factor over its start) whenever a gap closes below dhat / 10:
// IPC's adaptive stiffness, for the solid-liquid barrier.
constexpr double kStiffnessGrowthCap = 1e4;

// The volume control returns at most this share of a component's volume per step, so that a
// film the level set has all but lost is not blown up from a few cells.
constexpr double kVolumeControlShare = 0.25;

double initial_stiffness(const Scene& s) {
  const double dx = s.grid.dx;
  return s.barrier.stiffness > 0.0 ? s.barrier.stiffness : s.fluid.density * dx * dx * dx;
}

}  // namespace

std::vector<uint8_t> liquid_coupled_vertices(const World& w) {
  if (!w.lagrangian) return {};
  const SolidModel& m = w.lagrangian->model;
  std::vector<uint8_t> mask(static_cast<size_t>(m.num_vertices), 0);
  for (int b : w.lagrangian->scene_bodies) {
    const SolidBodyInfo& info = m.bodies[b];
    for (int v = info.first_vertex; v < info.first_vertex + info.num_vertices; ++v) mask[v] = 1;
  }
  return mask;
}

void check_solids_start_outside_liquid(const World& w) {
  if (!w.lagrangian || !w.has_liquid()) return;
  const SolidWorld& sw = *w.lagrangian;
  const SolidModel& m = sw.model;
  const VectorX x = m.positions(sw.state.z);
  for (size_t i = 0; i < sw.scene_bodies.size(); ++i) {
    const SolidBodyInfo& info = m.bodies[sw.scene_bodies[i]];
    std::vector<uint8_t> mask(static_cast<size_t>(m.num_vertices), 0);
    for (int v = info.first_vertex; v < info.first_vertex + info.num_vertices; ++v) mask[v] = 1;
    const PenetrationReport r = check_penetration(w.liquid.grid, w.liquid.phi, m.collision, x, mask);
    if (r.penetrating == 0) continue;
    // Name the scene entry: simulated solids follow the obstacles in the scene's solid list
    // only by name, so report the name.
    std::ostringstream os;
    os << "solid \"" << info.name << "\" starts with " << r.penetrating << " of its " << info.num_vertices
       << " vertices inside the liquid (deepest " << -r.min_distance
       << " m, thickness included); coupling \"barrier\" needs every shell, rod and body to start outside "
          "the liquid: move it or shrink the liquid region";
    throw InputError(w.scene.source_path + ": /solids (" + info.name + ")", os.str());
  }
}

std::vector<std::string> barrier_resolution_warnings(const World& w) {
  std::vector<std::string> out;
  if (!w.lagrangian || !w.has_liquid()) return out;
  const SolidModel& m = w.lagrangian->model;
  const VectorX x = m.positions(w.lagrangian->state.z);
  const double dx = w.liquid.grid.dx;
  std::vector<double> longest(m.bodies.size(), 0.0);
  for (const auto& e : m.collision.edges) {
    const int b = m.collision.body[static_cast<size_t>(e[0])];
    longest[b] = std::max(longest[b], (x.segment<3>(3 * e[0]) - x.segment<3>(3 * e[1])).norm());
  }
  // Edge midpoints (and centroids) halve the gaps between barrier points.
  const bool vertices_only = w.scene.barrier.points == BarrierSampling::vertices;
  const double spacing_per_edge = vertices_only ? 1.0 : 0.5;
  for (int b : w.lagrangian->scene_bodies)
    if (spacing_per_edge * longest[b] > dx) {
      std::ostringstream os;
      os << "solid \"" << m.bodies[b].name << "\" has edges up to " << longest[b] << " m: its barrier points are up to "
         << spacing_per_edge * longest[b] << " m apart, more than the cell size " << dx
         << " m, so liquid may pass between them (Liu et al. 2025, Sec. 4.3.3); refine the solid"
         << (vertices_only ? " or set coupling.barrier.points to \"edges\" or \"triangles\"" : "");
      out.push_back(os.str());
    }
  return out;
}

BarrierStepReport barrier_step(World& w, double dt, PhaseTimings& timings) {
  const Scene& s = w.scene;
  const GridGeometry& g = w.liquid.grid;
  BarrierCouplingState& st = w.barrier;
  BarrierStepReport report;
  const double eps = s.barrier.band_cells * g.dx;              // Sec. 4.2.2
  const double k = 1.0 / (s.barrier.heaviside_width_cells * g.dx);  // Eq. 11 (see smoothed_heaviside.hpp)
  const double dhat = s.barrier.dhat_cells * g.dx;
  if (st.stiffness <= 0.0) st.stiffness = initial_stiffness(s);
  // Without the volume constraint nothing holds the volume (the comparison runs, Fig. 11b).
  const bool sharp = s.barrier.volume_measure == BarrierVolumeMeasure::sharp && s.barrier.volume_constraint;
  if (st.label.size() == 0) {  // the first step: the components' volumes at t = 0 are the targets
    const NarrowBand start = select_narrow_band(g, w.liquid.phi, eps, k, 0);
    st.label = start.label;
    st.target = start.volumes;
    if (sharp) st.sharp_target = start.sharp_volumes;
  }
  if (w.obstacles.any_kinematic()) {
    ScopedPhase t(timings, "solid_boundary");
    update_solid_boundary(w.solids, s, w.obstacles, w.time + dt);
  }

  // The volume inside the surface after each phase, for the stats' volume budget.
  auto measure_volume = [&](const ScalarGrid& phi) {
    ScopedPhase t(timings, "volume_budget");
    return liquid_volume(phi, g);
  };
  const double volume_start = measure_volume(w.liquid.phi);
  // Predict (Algorithm 1, lines 1-3).
  LiquidPrediction pred = predict_liquid(w, dt, timings);
  report.pressure_iterations = pred.pressure_iterations;
  report.pressure_residual = pred.pressure_residual;
  report.pressure_converged = pred.pressure_converged;
  const bool has_solids = w.lagrangian != nullptr;
  const SolidModel& m = has_solids ? w.lagrangian->model : st.no_solids;
  SolidState& solid_state = has_solids ? w.lagrangian->state : st.no_solids_state;
  const SolidStepSettings solid_settings = has_solids ? w.lagrangian->settings : SolidStepSettings{};
  solid_state.time = w.time;
  const VectorX x_start = m.positions(solid_state.z);
  SolidStepProblem solids(m, solid_settings, dt, solid_state);

  // The unknowns and the volume each component must keep.
  NarrowBand band;
  {
    ScopedPhase t(timings, "narrow_band");
    band = select_narrow_band(g, pred.phi, eps, k, m.num_dofs);
    const VolumeTargets vt = carry_volume_targets(st.label, st.target, band.label, band.volumes);
    // Each component's smoothed volume is held at its target (Eq. 11). With "sharp" the volume
    // inside the surface has a target of its own, carried alike, which the volume control
    // meets after the optimisation; the optimisation's smoothed volume target is then its
    // predicted smoothed volume plus what it should put back (optimisation_volume_target).
    std::vector<double> sharp_target;
    if (sharp) sharp_target = carry_volume_targets(st.label, st.sharp_target, band.label, band.sharp_volumes).target;
    for (size_t c = 0; c < band.components.size(); ++c)
      band.components[c].target =
          sharp ? optimisation_volume_target(vt.target[c], band.volumes[c], sharp_target[c], band.sharp_volumes[c])
                : vt.target[c];
    st.sharp_target = std::move(sharp_target);
    st.label = band.label;
    st.target = vt.target;
    st.lost_volume += vt.lost;
    st.returned_volume += vt.returned;
    report.lost_volume = vt.lost;
    report.returned_volume = vt.returned;
  }

  double volume_predicted = 0.0;  // the band measured it: every liquid cell has a component
  for (double v : band.sharp_volumes) volume_predicted += v;
  report.volume_budget.advection = volume_predicted - volume_start;
  // Optimise (lines 5-6, Eq. 22).
  BarrierCouplingSettings cs;
  cs.interpolation = s.barrier.interpolation;
  cs.dhat = dhat;
  cs.stiffness = st.stiffness;
  cs.sharpness = k;
  cs.liquid_density = s.fluid.density;
  cs.air_density = s.barrier.air_density;
  cs.volume_tolerance = s.barrier.volume_tolerance;
  cs.points = barrier_points(m.collision, liquid_coupled_vertices(w), s.barrier.points);
  cs.max_iterations = s.barrier.max_iterations;
  cs.line_search = s.barrier.line_search;
  cs.trace = s.barrier.trace;
  cs.volume_constraint = s.barrier.volume_constraint;
  cs.min_tolerance = 1e-3 * (s.grid.upper() - s.grid.origin).norm();  // 0.1 % of the domain per second
  const bool two_way = has_solids && s.barrier.final_projection == BarrierFinalProjection::two_way;
  cs.barrier_gradient = two_way;
  VectorX z = solid_state.z;
  ScalarGrid phi_next;
  CoupledResult cr;
  {
    ScopedPhase t(timings, "coupled_optimisation");
    cr = optimise_coupled(m, solids, band, w.liquid.phi, cs, z, phi_next);
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

  // Correct (lines 8-11): solid velocities (Eq. 7), final projection, redistance.
  report.solids = solids.finish(z, cr.newton);
  w.liquid.phi = std::move(phi_next);
  const double volume_optimised = measure_volume(w.liquid.phi);
  report.volume_budget.optimisation = volume_optimised - volume_predicted;
  const VectorX x = m.positions(solid_state.z);
  VectorX vertex_velocity = (x - x_start) / dt;
  // Velocity changes of the two-way exchange (#V*3) onto the deformable vertices' coordinates.
  auto add_to_solid_velocity = [&](const VectorX& dv) {
    for (int v = 0; v < m.num_vertices; ++v)
      if (m.vertex_mass[v] > 0.0) solid_state.velocity.segment<3>(m.vertex_dof[v]) += dv.segment<3>(3 * v);
  };
  if (two_way) {
    // The barrier's push moved the solids off the liquid, but the liquid's velocity never felt
    // its reaction: the two-way projection below exchanges the momentum instead, so the push
    // (-g / (m dt)) is kept in the positions and taken out of the velocities.
    VectorX unpush = VectorX::Zero(vertex_velocity.size());
    for (int v = 0; v < m.num_vertices; ++v) {
      const int dof = m.vertex_dof[v];
      if (m.vertex_mass[v] <= 0.0) continue;
      for (int a = 0; a < 3; ++a)
        if (!m.dof_fixed[static_cast<size_t>(dof + a)])
          unpush[3 * v + a] = cr.barrier_gradient[dof + a] / (m.vertex_mass[v] * dt);
    }
    vertex_velocity += unpush;
    add_to_solid_velocity(unpush);
  }
  VolumeControlRequest control;
  auto redistance = [&](ScalarGrid& phi) {
    redistance_keeping_contacts(phi, g, kLevelSetBandCells, cs.points, x, s.barrier.interpolation, dhat + g.dx);
  };
  double volume_redistanced = 0.0;
  if (sharp) {  // each component's deficit inside its surface, at most a share of it per step
    control.label = &band.label;
    control.target = st.sharp_target;
    control.max_share = kVolumeControlShare;
    // Redistanced before the control measures (redistancing moved the surface by up to 6 % of
    // the rod's drop in a frame, which a control run before it left at the step's end).
    control.redistance = [&](ScalarGrid& phi) {
      redistance(phi);
      volume_redistanced = measure_volume(phi);
    };
    // The move is not CCD-filtered: it may not bring a solid vertex nearer the liquid than
    // half of its gap or of dhat, whichever is smaller (both interpolations).
    if (has_solids) {
      const std::vector<uint8_t> coupled = liquid_coupled_vertices(w);
      std::vector<double> floor = vertex_gaps(g, w.liquid.phi, m.collision, x, s.barrier.interpolation, coupled);
      for (double& f : floor) f = 0.5 * std::min(f, dhat);
      control.guard.too_close = [&, coupled, floor](const ScalarGrid& phi) {
        const std::vector<double> gap = vertex_gaps(g, phi, m.collision, x, s.barrier.interpolation, coupled);
        std::vector<Vec3> refused;
        for (size_t v = 0; v < gap.size(); ++v)
          if (gap[v] < floor[v]) refused.push_back(x.segment<3>(3 * static_cast<Eigen::Index>(v)));
        return refused;
      };
    }
  }
  const FinalProjectionReport fp =
      project_with_contacts(w, m, x, vertex_velocity, cr.contacting, dt, timings, sharp ? &control : nullptr);
  if (sharp) report.volume_budget.volume_control = measure_volume(w.liquid.phi) - volume_redistanced;
  // Two-way final projection: the contacting vertices leave with the pressure's push.
  if (two_way && fp.vertex_velocity_change.size() > 0) add_to_solid_velocity(fp.vertex_velocity_change);
  report.pressure_iterations += fp.iterations;
  report.pressure_residual = std::max(report.pressure_residual, fp.residual);
  report.pressure_converged = report.pressure_converged && fp.converged;
  report.closed_faces = fp.closed_faces;
  report.control_cells_kept = fp.control_cells_kept;
  if (!sharp) {
    ScopedPhase t(timings, "redistance");
    redistance(w.liquid.phi);
    volume_redistanced = measure_volume(w.liquid.phi);
  }
  report.volume_budget.redistance = volume_redistanced - volume_optimised;
  if (s.barrier.stiffness <= 0.0 && cr.min_gap < 0.1 * dhat &&
      st.stiffness < kStiffnessGrowthCap * initial_stiffness(s))
    st.stiffness *= 2.0;
  w.time += dt;
  ++w.steps;
  return report;
}

}  // namespace ripple
