#include "ripple/coupling/none/liquid_only_step.hpp"

#include <cmath>

#include "ripple/core/errors.hpp"
#include "ripple/fluid/body_forces.hpp"
#include "ripple/fluid/density_correction.hpp"
#include "ripple/fluid/grid_advection.hpp"
#include "ripple/fluid/particle_advection.hpp"
#include "ripple/fluid/particle_level_set.hpp"
#include "ripple/fluid/particle_transfer.hpp"
#include "ripple/fluid/surface_tension.hpp"
#include "ripple/fluid/velocity_extrapolation.hpp"
#include "ripple/fluid/wall_separation.hpp"
#include "ripple/grid/level_set_geometry.hpp"
#include "ripple/grid/redistance.hpp"

namespace ripple {
namespace {

double max_liquid_speed(const World& w) {
  const auto& p = w.liquid.particles;
  if (w.scene.fluid.representation != LiquidRepresentation::LevelSet)
    return parallel_max(0, static_cast<int64_t>(p.size()), 0.0,
                        [&](int64_t q) { return static_cast<double>(p.v[q].norm()); });
  return w.liquid.velocity.max_abs();
}

void check_finite(double value, const char* what) {
  if (!std::isfinite(value)) throw SimulationError(std::string("non-finite ") + what);
}

int extrapolation_layers(const Scene& s) { return static_cast<int>(std::ceil(s.time.cfl)) + 3; }

}  // namespace

double stable_time_step(const World& w) {
  const Scene& s = w.scene;
  const double speed = max_liquid_speed(w);
  check_finite(speed, "liquid velocity");
  // Include the speed gravity adds within one step (Bridson 2015, Sec. 3.2).
  const double u = speed + std::sqrt(s.time.cfl * s.grid.dx * s.gravity.norm());
  double dt = u > 0 ? s.time.cfl * s.grid.dx / u : s.time.max_dt;
  // The barrier method's semi-implicit surface tension (Liu et al. 2025, Eq. 8) lifts the
  // explicit capillary limit.
  if (s.coupling != CouplingMethod::Barrier)
    dt = std::min(dt, capillary_dt_limit(s.grid.dx, s.fluid.surface_tension, s.fluid.density));
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

ProjectionInput prepare_projection(World& w, double dt, PhaseTimings& timings, bool update_boundary) {
  const Scene& s = w.scene;
  LiquidState& L = w.liquid;
  const GridGeometry& g = L.grid;
  ProjectionInput in;
  FaceFlags& valid = in.valid;
  const bool particles = s.fluid.representation != LiquidRepresentation::LevelSet;

  if (update_boundary && w.obstacles.any_kinematic()) {
    ScopedPhase t(timings, "solid_boundary");
    update_solid_boundary(w.solids, s, w.obstacles, w.time + dt);
  }
  if (particles) {
    ParticleBins& bins = w.particle_bins;
    {
      ScopedPhase t(timings, "particle_sort");
      sort_particles_by_cell(L.particles, g, bins);
    }
    if (!L.phi_matches_particles) {
      ScopedPhase t(timings, "level_set");
      level_set_from_particles(L, bins, particle_radius(g.dx, s.fluid.particles_per_cell), w.solids, wall_sides(s),
                               solid_extension(s));
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

StepReport liquid_only_step(World& w, double dt, PhaseTimings& timings) {
  const Scene& s = w.scene;
  LiquidState& L = w.liquid;
  StepReport report;
  const bool particles = s.fluid.representation != LiquidRepresentation::LevelSet;
  ProjectionInput in = prepare_projection(w, dt, timings);
  FaceFlags& valid = in.valid;
  {
    ScopedPhase t(timings, "pressure");
    const ProjectionParams pp = projection_params(s, dt);
    const ProjectionResult r =
        project_pressure(L, s, w.solids, s.fluid.surface_tension > 0.0 ? &in.curvature : nullptr, pp, valid,
                         w.pressure_system);
    report.pressure_iterations = r.iterations;
    report.pressure_residual = r.residual;
    report.pressure_converged = r.converged;
    report.separation_rounds = r.separation_rounds;
    report.released_cells = r.released_cells;
    if (particles) open_separating_walls(L.velocity, w.pressure_system.released, L, w.solids);
    check_finite(r.residual, "pressure residual (the pressure solve diverged)");
  }
  bool displace = false;
  if (particles && s.fluid.volume_correction > 0.0 && w.steps % kVolumeCorrectionInterval == 0) {
    ScopedPhase t(timings, "volume_correction");
    displace = density_correction_displacement(w.pressure_system, L, w.solids, w.particle_bins,
                                               s.fluid.particles_per_cell, s.fluid.volume_correction,
                                               projection_params(s, dt), w.volume_correction);
  }
  report.particles_removed = advance_liquid_after_projection(w, in, dt, displace, timings);
  w.time += dt;
  ++w.steps;
  return report;
}

int64_t advance_liquid_after_projection(World& w, ProjectionInput& in, double dt, bool displace,
                                        PhaseTimings& timings) {
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
  }
  ScopedPhase t(timings, "advect");
  const int64_t removed = advect_particles(L.particles, g, L.velocity, w.solids, s, dt,
                                           s.fluid.representation == LiquidRepresentation::Apic,
                                           displace ? &w.volume_correction.displacement : nullptr);
  L.phi_matches_particles = false;
  return removed;
}

}  // namespace ripple
