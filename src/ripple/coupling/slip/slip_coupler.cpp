#include "ripple/coupling/slip/slip_coupler.hpp"

#include <cmath>

#include "ripple/core/errors.hpp"
#include "ripple/core/parallel.hpp"
#include "ripple/coupling/slip/collidable_velocity.hpp"
#include "ripple/coupling/slip/surface_crossing.hpp"
#include "ripple/fluid/liquid_phases.hpp"

namespace ripple {

SlipStepReport slip_step(World& w, const SlipSettings& settings, double dt, UpperSamples& upper,
                         const StepContext& ctx) {
  const Scene& s = w.scene;
  SlipStepReport report;
  const SlipSurface start = collect_slip_surface(w, w.time);
  if (w.lagrangian) step_free_solids(w, dt, ctx);
  move_obstacles(w, w.time + dt, ctx.timings);
  ProjectionInput in = prepare_projection(w, dt, ctx.timings);
  ScopedPhase t(ctx.timings, "slip_visibility");
  const SlipSurface end = collect_slip_surface(w, w.time + dt);
  const SurfaceBins bins(w.liquid.grid, end);
  const OccludedFaces occluded = find_occluded_faces(bins);
  report.occluded_faces = static_cast<int64_t>(occluded.faces.size());
  report.surface_triangles = static_cast<int64_t>(end.triangles.size());
  t.stop();
  {
    ScopedPhase p(ctx.timings, "pressure");
    SlipProjectionParams prm;
    prm.dt = dt;
    prm.density = s.fluid.density;
    prm.surface_tension = s.fluid.surface_tension;
    prm.walls = wall_sides(s);
    prm.tolerance = settings.tolerance;
    prm.max_iterations = settings.max_iterations;
    report.projection = project_with_slip(w.liquid, occluded, end, s.fluid.surface_tension > 0.0 ? &in.curvature : nullptr,
                                          prm, in.valid, upper);
    if (!std::isfinite(report.projection.residual))
      throw SimulationError("non-finite residual in the slip projection (the solve diverged)");
  }
  // Particles take the collidable velocity near the surfaces and never cross them (Sec. 3.3).
  const CollidableVelocity collidable(w.liquid.velocity, occluded, upper, bins);
  const SurfaceCrossingFilter crossing(start, end, bins);
  LiquidAdvanceHooks hooks;
  hooks.after_transfer = [&](Particles& p) {
    parallel_for(0, static_cast<int64_t>(p.size()), [&](int64_t q) {
      const Vec3 x = p.x[q].cast<double>();
      if (!collidable.near_surface(x)) return;
      p.v[q] = collidable.sample(x).cast<float>();
      p.c[q].setZero();  // no affine part next to a solid: its stencil is one-sided
    });
  };
  hooks.moves.velocity = [&](const Vec3& x, Vec3& v) {
    if (!collidable.near_surface(x)) return false;
    v = collidable.sample(x);
    return true;
  };
  if (!end.empty()) hooks.moves.filter = [&](const Vec3& x0, Vec3& x1) { crossing.apply(x0, x1); };
  report.particles_removed = advance_liquid_after_projection(w, in, dt, false, ctx.timings, &hooks);
  return report;
}

std::vector<StatsField> slip_stats_fields() {
  return {{"slip.occluded_faces_max", "", "Most occluded grid faces (the solids block their cell-to-cell ray)."},
          {"slip.constraints_max", "", "Most slip constraints (one per liquid side of an occluded face)."},
          {"slip.unknowns_max", "", "Most velocity unknowns of the projection."},
          {"slip.pinned_regions_max", "", "Most liquid regions with no free surface or open side (pressure pinned)."},
          {"slip.divergence_max", "1/s", "Largest |divergence| of a liquid cell after a projection."},
          {"slip.normal_mismatch_max", "m/s", "Largest |N.(W v - J V_s)| at a constraint after a projection."}};
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
  f.normal_mismatch_max = std::max(f.normal_mismatch_max, r.projection.max_normal_mismatch);
}

void SlipCoupler::write_frame_stats(const World&, const FrameLog&, nlohmann::json& stats) {
  const FrameFigures& f = frame_;
  stats["slip"] = {{"occluded_faces_max", f.occluded_faces_max}, {"constraints_max", f.constraints_max},
                   {"unknowns_max", f.unknowns_max},             {"pinned_regions_max", f.pinned_regions_max},
                   {"divergence_max", f.divergence_max},         {"normal_mismatch_max", f.normal_mismatch_max}};
  frame_ = FrameFigures{};
}

}  // namespace ripple
