#include "ripple/fluid/liquid_phases.hpp"

#include <cmath>

#include "ripple/core/errors.hpp"
#include "ripple/fluid/body_forces.hpp"
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
  if (w.scene.fluid.representation != LiquidRepresentation::LevelSet)
    return parallel_max(0, static_cast<int64_t>(p.size()), 0.0,
                        [&](int64_t q) { return static_cast<double>(p.v[q].norm()); });
  return w.liquid.velocity.max_abs();
}

}  // namespace

int extrapolation_layers(const Scene& s) { return static_cast<int>(std::ceil(s.time.cfl)) + 3; }

double stable_liquid_time_step(const LiquidWorld& w, bool capillary_limit) {
  const Scene& s = w.scene;
  const double speed = max_liquid_speed(w);
  if (!std::isfinite(speed)) throw SimulationError("non-finite liquid velocity");
  // Include the speed gravity adds within one step (Bridson 2015, Sec. 3.2).
  const double u = speed + std::sqrt(s.time.cfl * s.grid.dx * s.gravity.norm());
  double dt = u > 0 ? s.time.cfl * s.grid.dx / u : s.time.max_dt;
  if (capillary_limit) dt = std::min(dt, capillary_dt_limit(s.grid.dx, s.fluid.surface_tension, s.fluid.density));
  dt = std::min(dt, viscous_dt_limit(s.grid.dx, s.fluid.viscosity, s.fluid.density));
  return std::min(dt, s.time.max_dt);
}

ProjectionParams projection_params(const Scene& s, double dt) {
  ProjectionParams pp;
  pp.dt = dt;
  pp.density = s.fluid.density;
  pp.surface_tension = s.fluid.surface_tension;
  pp.solver = s.pressure;
  return pp;
}

void move_obstacles(LiquidWorld& w, double t, PhaseTimings& timings) {
  if (!w.obstacles.any_kinematic()) return;
  ScopedPhase phase(timings, "solid_boundary");
  update_solid_boundary(w.solids, w.scene.grid, wall_sides(w.scene), w.obstacles, t);
}

ProjectionInput prepare_projection(LiquidWorld& w, double dt, PhaseTimings& timings) {
  const Scene& s = w.scene;
  LiquidState& L = w.liquid;
  const GridGeometry& g = L.grid;
  ProjectionInput in;
  FaceFlags& valid = in.valid;
  if (s.fluid.representation != LiquidRepresentation::LevelSet) {
    ParticleBins& bins = w.particle_bins;
    {
      ScopedPhase t(timings, "particle_sort");
      sort_particles_by_cell(L.particles, g, bins);
    }
    if (!L.phi_matches_particles) {
      ScopedPhase t(timings, "level_set");
      level_set_from_particles(L, bins, particle_radius(g.dx, s.fluid.particles_per_cell), w.solids, wall_sides(s),
                               w.solid_extension);
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
  } else {
    ScopedPhase t(timings, "advect");
    advect_samples(L.phi, cell_sample_offset(), g, L.velocity, dt, s.fluid.levelset_advection);
    open_separation_gaps(L.phi, w.pressure_system.released, L.velocity, w.solids, g.dx, dt);
    advect_velocity(L.velocity, g, dt);
    if (w.solids.has_obstacles) extend_level_set_into_solids(L.phi, g, w.solids);
    redistance(L.phi, g.dx, kLevelSetBandCells);
  }
  {
    ScopedPhase t(timings, "forces");
    apply_gravity(L.velocity, s.gravity, dt);
    apply_viscosity(L.velocity, L.phi, g, s.fluid.viscosity, s.fluid.density, dt);
  }
  if (s.fluid.surface_tension > 0.0) {
    ScopedPhase t(timings, "curvature");
    in.curvature = interface_curvature(L.phi, g.dx);
  }
  return in;
}

bool correct_particle_volume(LiquidWorld& w, double dt, bool fresh_preconditioner, PhaseTimings& timings) {
  const Scene& s = w.scene;
  PressureSystem& sys = w.pressure_system;
  if (s.fluid.representation == LiquidRepresentation::LevelSet || s.fluid.volume_correction <= 0.0 ||
      w.steps % kVolumeCorrectionInterval != 0 || sys.A.active_count() == 0)
    return false;
  ScopedPhase t(timings, "volume_correction");
  if (fresh_preconditioner) sys.preconditioner = std::make_unique<MultigridPreconditioner>(sys.A, sys.mg);
  return density_correction_displacement(sys, w.liquid, w.solids, w.particle_bins, s.fluid.particles_per_cell,
                                         s.fluid.volume_correction, projection_params(s, dt), w.volume_correction);
}

int64_t advance_liquid_after_projection(LiquidWorld& w, ProjectionInput& in, double dt, bool displace,
                                        PhaseTimings& timings, const LiquidAdvanceHooks* hooks) {
  const Scene& s = w.scene;
  LiquidState& L = w.liquid;
  const GridGeometry& g = L.grid;
  {
    ScopedPhase t(timings, "extrapolate");
    extrapolate_velocity(L.velocity, in.valid, extrapolation_layers(s));
  }
  if (s.fluid.representation == LiquidRepresentation::LevelSet) return 0;
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
