#include "ripple/coupling/slip/slip_coupler.hpp"

#include <cmath>
#include <memory>
#include <optional>

#include "ripple/core/errors.hpp"
#include "ripple/coupling/slip/closed_bodies.hpp"
#include "ripple/coupling/slip/collidable_advection.hpp"
#include "ripple/coupling/slip/particle_hooks.hpp"
#include "ripple/coupling/slip/slip_volume_correction.hpp"
#include "ripple/coupling/slip/two_way_projection.hpp"
#include "ripple/fluid/liquid_phases.hpp"

namespace ripple {

namespace {

// Solids keep a cell clear of periodic sides (the visibility rays and the surfaces do not wrap):
// one that got there stops the run.
void check_periodic_clearance(const World& w, const SlipSurface& surface) {
  static const char* names[6] = {"x_min", "x_max", "y_min", "y_max", "z_min", "z_max"};
  const std::array<bool, 3> periodic = w.scene.periodic_axes();
  if (!any_periodic(periodic)) return;
  const GridGeometry& g = w.liquid.grid;
  for (const std::array<int, 3>& t : surface.triangles)
    for (int corner : t) {
      const Vec3& x = surface.x[static_cast<size_t>(corner)];
      for (int a = 0; a < 3; ++a) {
        if (!periodic[a]) continue;
        const double lo = x[a] - g.origin[a], hi = g.origin[a] + g.dx * g.n[a] - x[a];
        if (lo >= g.dx && hi >= g.dx) continue;
        const size_t tri = static_cast<size_t>(&t - surface.triangles.data());
        throw SimulationError("solid \"" + surface.bodies[static_cast<size_t>(surface.triangle_body[tri])] +
                              "\" came within a cell of the periodic side " + names[2 * a + (lo < g.dx ? 0 : 1)] +
                              "; ripple does not wrap solids across periodic sides (make the domain wider there, or "
                              "make that side open or a wall)");
      }
    }
}

bool closed_bodies(const World& w) {
  for (const LagrangianSolidDesc& d : w.scene.lagrangian_solids)
    if (d.kind == SolidKind::volume || d.kind == SolidKind::rigid) return true;
  return false;
}

}  // namespace

SlipStepReport slip_step(World& w, const SlipSettings& settings, double dt, UpperSamples& upper,
                         const StepContext& ctx) {
  SlipStepReport report;
  const SlipSurface start = collect_slip_surface(w, w.time);
  // The solids' state at the step's start: a two-way step solves them again from it.
  const std::optional<SolidState> start_state = w.lagrangian ? std::optional<SolidState>(w.lagrangian->state) : std::nullopt;
  if (w.lagrangian) step_free_solids(w, dt, ctx);
  if (closed_bodies(w)) {
    ScopedPhase b(ctx.timings, "solid_boundary");
    update_boundary_with_closed_bodies(w, w.time + dt);
  } else {
    move_obstacles(w, w.time + dt, ctx.timings);
  }
  // A level set near surfaces is advected after the projection, collidably (Sec. 2.4).
  const bool level_set_after = w.scene.fluid.representation == LiquidRepresentation::LevelSet && !start.empty();
  ProjectionInput in = prepare_projection(w, dt, ctx.timings, {.advect_level_set = !level_set_after});
  ScopedPhase t(ctx.timings, "slip_visibility");
  const SlipSurface end = collect_slip_surface(w, w.time + dt);
  check_periodic_clearance(w, end);
  const SurfaceBins bins(w.liquid.grid, end);
  const OccludedFaces occluded = find_occluded_faces(bins);
  report.occluded_faces = static_cast<int64_t>(occluded.faces.size());
  report.surface_triangles = static_cast<int64_t>(end.triangles.size());
  t.stop();
  report.projection = project_liquid_and_solids(w, settings, dt, end, occluded, start_state, in, upper, ctx);
  // Two-way, the solids stepped again with the liquid's impulse: particles are kept from the
  // surface where it now is (the velocity keeps the occlusion it was projected with).
  const bool moved_again = settings.solids == SlipSolids::two_way && w.lagrangian;
  SlipSurface final_surface;
  std::unique_ptr<SurfaceBins> final_bins;
  if (moved_again) {
    if (closed_bodies(w)) update_boundary_with_closed_bodies(w, w.time + dt);
    final_surface = collect_slip_surface(w, w.time + dt);
    final_bins = std::make_unique<SurfaceBins>(w.liquid.grid, final_surface);
  }
  const SlipSurface& stop_at = moved_again ? final_surface : end;
  // Particles take the collidable velocity near the surfaces and never cross them (Sec. 3.3).
  const CollidableVelocity collidable(w.liquid.velocity, occluded, upper, bins);
  const SurfaceCrossingFilter crossing(start, stop_at, moved_again ? *final_bins : bins);
  LiquidAdvanceHooks hooks = slip_particle_hooks(collidable, stop_at.empty() ? nullptr : &crossing);
  // A gas's velocity, smoke and temperature, or a level set and its velocity, are advected
  // collidably (Sec. 2.4); a point that sees no cell centre is clean air.
  std::optional<CollidableGridAdvection> grid;
  hooks.advect_level_set = level_set_after;
  if ((w.is_gas() || level_set_after) && !stop_at.empty()) {
    grid.emplace(collidable, moved_again ? *final_bins : bins, &crossing, level_set_after ? w.liquid.grid.dx : 0.0);
    hooks.grid = &grid->hooks();
  }
  const bool displace = correct_particle_volume_with_slip(w, occluded, dt, ctx.timings);
  report.particles_removed = advance_liquid_after_projection(w, in, dt, displace, ctx.timings, &hooks);
  return report;
}

std::vector<StatsField> slip_stats_fields() {
  return {{"slip.occluded_faces_max", "", "Most occluded grid faces (the solids block their cell-to-cell ray)."},
          {"slip.constraints_max", "", "Most slip constraints (one per liquid side of an occluded face)."},
          {"slip.unknowns_max", "", "Most velocity unknowns of the projection."},
          {"slip.pinned_regions_max", "", "Most liquid regions with no free surface or open side (pressure pinned)."},
          {"slip.divergence_max", "1/s", "Largest |divergence| of a liquid cell after a projection."},
          {"slip.ghost_divergence_max", "1/s", "Largest |net flux| of a ghost cell (behind an occluded face, inside a solid) over a cell's volume after a projection."},
          {"slip.normal_mismatch_max", "m/s", "Largest |N.(W v - J V_s)| at a constraint after a projection."}};
}

void SlipCoupler::prepare(World& world) {
  if (closed_bodies(world)) update_boundary_with_closed_bodies(world, world.time);
}

void SlipCoupler::step(World& world, double dt, const StepContext& ctx) {
  const SlipStepReport r = slip_step(world, settings_, dt, upper_, ctx);
  record_pressure(r.projection.iterations, r.projection.residual, r.projection.converged, ctx);
  ctx.log.particles_removed += r.particles_removed;
  FrameFigures& f = frame_;
  f.occluded_faces_max = std::max(f.occluded_faces_max, r.occluded_faces);
  f.constraints_max = std::max(f.constraints_max, r.projection.constraints);
  f.unknowns_max = std::max(f.unknowns_max, r.projection.velocity_unknowns);
  f.pinned_regions_max = std::max(f.pinned_regions_max, r.projection.pinned_regions);
  f.divergence_max = std::max(f.divergence_max, r.projection.max_divergence);
  f.ghost_divergence_max = std::max(f.ghost_divergence_max, r.projection.max_ghost_divergence);
  f.normal_mismatch_max = std::max(f.normal_mismatch_max, r.projection.max_normal_mismatch);
}

void SlipCoupler::write_frame_stats(const World&, const FrameLog&, nlohmann::json& stats) {
  const FrameFigures& f = frame_;
  stats["slip"] = {{"occluded_faces_max", f.occluded_faces_max}, {"constraints_max", f.constraints_max},
                   {"unknowns_max", f.unknowns_max},             {"pinned_regions_max", f.pinned_regions_max},
                   {"divergence_max", f.divergence_max},         {"normal_mismatch_max", f.normal_mismatch_max},
                   {"ghost_divergence_max", f.ghost_divergence_max}};
  frame_ = FrameFigures{};
}

}  // namespace ripple
