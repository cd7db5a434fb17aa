#include "ripple/fluid/liquid_phases.hpp"

#include <cmath>

#include "ripple/core/errors.hpp"
#include "ripple/core/parallel.hpp"
#include "ripple/fluid/body_forces.hpp"
#include "ripple/fluid/gas_markers.hpp"
#include "ripple/fluid/gas_sources.hpp"
#include "ripple/fluid/grid_advection.hpp"
#include "ripple/fluid/particle_advection.hpp"
#include "ripple/fluid/particle_transfer.hpp"
#include "ripple/fluid/surface_tension.hpp"
#include "ripple/fluid/velocity_extrapolation.hpp"
#include "ripple/fluid/wall_separation.hpp"
#include "ripple/grid/level_set_geometry.hpp"
#include "ripple/grid/redistance.hpp"
#include "ripple/solver/multigrid_preconditioner.hpp"

namespace ripple {
namespace {

double max_liquid_speed(const LiquidWorld& w) {
  const auto& p = w.liquid.particles;
  if (uses_particles(w.scene.fluid.representation))
    return parallel_max(0, static_cast<int64_t>(p.size()), 0.0,
                        [&](int64_t q) { return static_cast<double>(p.v[q].norm()); });
  return w.liquid.velocity.max_abs();
}

// The largest buoyant acceleration (m/s^2) the gas's smoke and temperature give.
double gas_buoyancy_bound(const LiquidWorld& w) {
  const GasSettings& gs = w.scene.fluid.gas;
  const LiquidState& L = w.liquid;
  double s_max = 0.0, t_max = 0.0;
  if (gs.smoke_weight > 0.0) s_max = parallel_max(0, L.smoke.size(), 0.0, [&](int64_t c) { return std::abs(L.smoke[c]); });
  if (gs.heat_lift > 0.0)
    t_max = parallel_max(0, L.temperature.size(), 0.0, [&](int64_t c) { return std::abs(L.temperature[c]); });
  for (const GasSourceCells& src : w.gas_sources) {
    s_max = std::max(s_max, std::abs(src.smoke));
    t_max = std::max(t_max, std::abs(src.temperature));
  }
  return gs.smoke_weight * s_max + gs.heat_lift * t_max;
}

// Up for a gas's buoyancy: against gravity, +y without it.
Vec3 gas_up(const Scene& s) { return s.gravity.norm() > 0.0 ? Vec3(-s.gravity.normalized()) : Vec3::UnitY(); }

}  // namespace

int extrapolation_layers(const Scene& s) { return static_cast<int>(std::ceil(s.time.cfl)) + 3; }

double stable_liquid_time_step(const LiquidWorld& w, bool capillary_limit) {
  const Scene& s = w.scene;
  const double speed = std::max(max_liquid_speed(w), w.flows.max_speed(w.time, s.time.max_dt));
  if (!std::isfinite(speed)) throw SimulationError("non-finite liquid velocity");
  // Include the speed gravity (a gas: its buoyancy) adds within one step (Bridson 2015, Sec. 3.2).
  const double accel = w.is_gas() ? gas_buoyancy_bound(w) : s.gravity.norm();
  const double u = speed + std::sqrt(s.time.cfl * s.grid.dx * accel);
  double dt = u > 0 ? s.time.cfl * s.grid.dx / u : s.time.max_dt;
  if (capillary_limit) dt = std::min(dt, capillary_dt_limit(s.grid.dx, s.fluid.surface_tension, s.fluid.density));
  return std::min(dt, s.time.max_dt);
}

ViscosityResult apply_liquid_viscosity(LiquidWorld& w, double dt, PhaseTimings& timings) {
  const Scene& s = w.scene;
  if (s.fluid.viscosity <= 0.0) return {};
  ScopedPhase t(timings, "viscosity");
  ViscosityParams vp;
  vp.viscosity = s.fluid.viscosity;
  vp.density = s.fluid.density;
  vp.dt = dt;
  vp.walls = wall_sides(s);
  vp.periodic = s.periodic_axes();
  return apply_implicit_viscosity(w.liquid.velocity, w.liquid.phi, w.liquid.grid, &w.solids, vp);
}

ProjectionParams projection_params(const Scene& s, double dt) {
  ProjectionParams pp;
  pp.dt = dt;
  pp.density = s.fluid.density;
  pp.surface_tension = s.fluid.surface_tension;
  pp.solver = s.pressure;
  pp.periodic = s.periodic_axes();
  // A gas fills the domain: it never leaves a wall (no separation), it is held to it.
  if (s.fluid.representation == LiquidRepresentation::Gas) pp.solver.wall_contact = WallContact::Bilateral;
  return pp;
}

void move_obstacles(LiquidWorld& w, double t, PhaseTimings& timings) {
  if (!w.obstacles.any_kinematic()) return;
  ScopedPhase phase(timings, "solid_boundary");
  update_solid_boundary(w.solids, w.scene.grid, wall_sides(w.scene), w.obstacles, t);
}

void advance_level_set(LiquidWorld& w, double dt, const CollidableAdvection* collidable) {
  const Scene& s = w.scene;
  LiquidState& L = w.liquid;
  const GridGeometry& g = L.grid;
  if (collidable) {
    // Collidable: one semi-Lagrangian step of the level set and the velocity together.
    std::vector<ScalarGrid*> phi{&L.phi};
    advect_semi_lagrangian(L.velocity, phi, g, dt, collidable);
  } else {
    advect_samples(L.phi, cell_sample_offset(), g, L.velocity, dt, s.fluid.levelset_advection);
  }
  open_separation_gaps(L.phi, w.pressure_system.released, L.velocity, w.solids, g.dx, dt);
  if (!collidable) advect_velocity(L.velocity, g, dt);
  if (w.solids.has_obstacles) extend_level_set_into_solids(L.phi, g, w.solids);
  redistance(L.phi, g.dx, kLevelSetBandCells);
}

ProjectionInput prepare_projection(LiquidWorld& w, double dt, PhaseTimings& timings, const PreparePhases& phases) {
  const Scene& s = w.scene;
  LiquidState& L = w.liquid;
  const GridGeometry& g = L.grid;
  ProjectionInput in;
  FaceFlags& valid = in.valid;
  if (w.is_gas()) {
    // The gas was advected after the last projection; sources, buoyancy and viscosity act now.
    {
      ScopedPhase t(timings, "forces");
      apply_buoyancy(L.velocity, L.smoke, L.temperature, gas_up(s), s.fluid.gas.smoke_weight, s.fluid.gas.heat_lift,
                     dt);
    }
    apply_liquid_viscosity(w, dt, timings);
    // Sources last: their inflow faces keep exactly the source's velocity.
    ScopedPhase t(timings, "forces");
    apply_gas_sources(w.gas_sources, L, w.solids);
    return in;
  }
  {
    ScopedPhase t(timings, "emitters");
    w.flows.emit_and_drain(L, w.solids, w.time, dt);
  }
  if (uses_particles(s.fluid.representation)) {
    ParticleBins& bins = w.particle_bins;
    {
      ScopedPhase t(timings, "particle_sort");
      sort_particles_by_cell(L.particles, g, bins);
    }
    if (!L.phi_matches_particles) {
      ScopedPhase t(timings, "level_set");
      rebuild_level_set(w);
    }
    {
      ScopedPhase t(timings, "particles_to_grid");
      particles_to_grid(L.particles, bins, g, s.fluid.representation == LiquidRepresentation::Apic, L.velocity, valid);
    }
    {
      ScopedPhase t(timings, "extrapolate");
      extrapolate_velocity(L.velocity, valid, 2);
    }
    if (s.fluid.representation == LiquidRepresentation::Flip) in.old_velocity = L.velocity;
  } else if (phases.advect_level_set) {
    ScopedPhase t(timings, "advect");
    advance_level_set(w, dt, nullptr);
  }
  {
    ScopedPhase t(timings, "forces");
    apply_gravity(L.velocity, s.gravity, dt);
  }
  if (phases.viscosity) apply_liquid_viscosity(w, dt, timings);
  if (s.fluid.surface_tension > 0.0) {
    ScopedPhase t(timings, "curvature");
    in.curvature = interface_curvature(L.phi, g.dx);
  }
  // Emitters last: their faces keep exactly the emitter's velocity through the projection.
  w.flows.hold_faces(L, w.solids, valid, w.time, dt);
  return in;
}

bool correct_particle_volume(LiquidWorld& w, double dt, bool fresh_preconditioner, PhaseTimings& timings) {
  const Scene& s = w.scene;
  PressureSystem& sys = w.pressure_system;
  if (!uses_particles(s.fluid.representation) || s.fluid.volume_correction <= 0.0 ||
      w.steps % kVolumeCorrectionInterval != 0 || sys.A.active_count() == 0)
    return false;
  ScopedPhase t(timings, "volume_correction");
  if (fresh_preconditioner) sys.preconditioner = std::make_unique<MultigridPreconditioner>(sys.A, sys.mg);
  return density_correction_displacement(sys, w.liquid, w.solids, w.particle_bins, s.fluid.particles_per_cell,
                                         s.fluid.volume_correction, projection_params(s, dt), w.volume_correction);
}

bool correct_particle_volume_around(LiquidWorld& w, const ScalarGrid& body_phi, double t, double dt,
                                    PhaseTimings& timings) {
  const Scene& s = w.scene;
  if (!uses_particles(s.fluid.representation) || s.fluid.volume_correction <= 0.0 ||
      w.steps % kVolumeCorrectionInterval != 0)
    return false;
  ScopedPhase phase(timings, "volume_correction");
  SolidBoundary solids = w.solids;
  if (body_phi.size() == solids.node_phi.size()) {  // else no bodies
    parallel_for(0, solids.node_phi.size(), [&](int64_t i) { solids.node_phi[i] = std::min(solids.node_phi[i], body_phi[i]); });
    solids.has_obstacles = true;
    update_face_fractions(solids, s.grid, wall_sides(s), w.obstacles, t);
  }
  PressureSystem& sys = w.pressure_system;
  const ProjectionParams params = projection_params(s, dt);
  assemble_pressure_system(sys, w.liquid, solids, nullptr, params);
  if (sys.A.active_count() == 0) return false;
  sys.preconditioner = std::make_unique<MultigridPreconditioner>(sys.A, sys.mg);
  return density_correction_displacement(sys, w.liquid, solids, w.particle_bins, s.fluid.particles_per_cell,
                                         s.fluid.volume_correction, params, w.volume_correction);
}

int64_t advance_liquid_after_projection(LiquidWorld& w, ProjectionInput& in, double dt, bool displace,
                                        PhaseTimings& timings, const LiquidAdvanceHooks* hooks) {
  const Scene& s = w.scene;
  LiquidState& L = w.liquid;
  const GridGeometry& g = L.grid;
  w.flows.release_faces(w.solids);
  {
    ScopedPhase t(timings, "extrapolate");
    extrapolate_velocity(L.velocity, in.valid, extrapolation_layers(s));
  }
  if (w.is_gas()) {
    ScopedPhase t(timings, "advect");
    // Markers first, through the projected (divergence-free) velocity.
    release_gas_markers(w.gas_sources, g, dt, w.steps, L.particles);
    int64_t removed = 0;
    if (L.particles.size() > 0)
      removed = advect_particles(L.particles, g, L.velocity, w.solids, wall_sides(s), dt, false, nullptr,
                                 hooks ? &hooks->moves : nullptr, s.periodic_axes());
    advect_semi_lagrangian(L.velocity, {&L.smoke, &L.temperature}, g, dt, hooks ? hooks->grid : nullptr,
                           s.periodic_axes());
    emit_gas_sources(w.gas_sources, L);
    return removed;
  }
  if (s.fluid.representation == LiquidRepresentation::LevelSet) {
    if (hooks && hooks->advect_level_set) {
      ScopedPhase t(timings, "advect");
      advance_level_set(w, dt, hooks->grid);
    }
    return 0;
  }
  {
    ScopedPhase t(timings, "grid_to_particles");
    if (s.fluid.representation == LiquidRepresentation::Apic) grid_to_particles_apic(L.particles, g, L.velocity);
    else grid_to_particles_flip(L.particles, g, L.velocity, in.old_velocity, s.fluid.flip_blend);
    if (hooks && hooks->after_transfer) hooks->after_transfer(L.particles);
  }
  ScopedPhase t(timings, "advect");
  const int64_t removed = advect_particles(L.particles, g, L.velocity, w.solids, wall_sides(s), dt,
                                           s.fluid.representation == LiquidRepresentation::Apic,
                                           displace ? &w.volume_correction.displacement : nullptr,
                                           hooks ? &hooks->moves : nullptr);
  L.phi_matches_particles = false;
  return removed;
}

}  // namespace ripple
