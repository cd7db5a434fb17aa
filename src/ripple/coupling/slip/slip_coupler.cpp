#include "ripple/coupling/slip/slip_coupler.hpp"

#include <cmath>
#include <optional>

#include "ripple/core/errors.hpp"
#include "ripple/core/parallel.hpp"
#include "ripple/coupling/slip/closed_bodies.hpp"
#include "ripple/coupling/slip/collidable_velocity.hpp"
#include "ripple/coupling/slip/solid_response.hpp"
#include "ripple/coupling/slip/surface_crossing.hpp"
#include "ripple/fluid/liquid_phases.hpp"

namespace ripple {

namespace {

/// A relative residual above this after the iteration cap is a failed projection.
constexpr double kGiveUpResidual = 1e-2;

bool closed_bodies(const World& w) {
  for (const LagrangianSolidDesc& d : w.scene.lagrangian_solids)
    if (d.kind == SolidKind::volume || d.kind == SolidKind::rigid) return true;
  return false;
}

}  // namespace

SlipStepReport slip_step(World& w, const SlipSettings& settings, double dt, UpperSamples& upper,
                         const StepContext& ctx) {
  const Scene& s = w.scene;
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
    prm.gravity = s.gravity;
    prm.no_slip = settings.condition == SlipCondition::no_slip;
    Array3<uint8_t> solid_cells;
    if (w.solids.has_obstacles) {
      const GridGeometry& g = w.liquid.grid;
      solid_cells = Array3<uint8_t>(g.n, 0);
      parallel_for(0, solid_cells.size(), [&](int64_t c) {
        const Vec3i I = solid_cells.coords(c);
        solid_cells.data()[c] = solid_phi_at(w.solids, g, g.cell_center(I.x(), I.y(), I.z())) < 0.0;
      });
      prm.solid_cells = &solid_cells;
    }
    prm.walls = wall_sides(s);
    prm.tolerance = settings.tolerance;
    prm.max_iterations = settings.max_iterations;
    // Two-way: the solids' velocities after their own step are the predicted ones (Eq. 15).
    const int simulated = static_cast<int>(s.lagrangian_solids.size());
    const SolidUnknowns unknowns =
        settings.solids == SlipSolids::two_way && w.lagrangian
            ? build_solid_unknowns(w.lagrangian->model, simulated, w.lagrangian->state.z)
            : SolidUnknowns{};
    const bool two_way = unknowns.count > 0;
    const SolidModel* model = w.lagrangian ? &w.lagrangian->model : nullptr;
    SlipSolidSolve solids;
    SparseMatrix response;
    if (two_way) {
      solids.inverse_mass = &unknowns.inverse_mass;
      solids.velocity = solid_unknown_velocity(*model, unknowns, w.lagrangian->state.velocity);
      SolidState begin = *start_state;
      begin.time = w.time;
      response = deformable_response(*w.lagrangian, begin, w.lagrangian->state.z, dt, unknowns);
      if (response.nonZeros() > 0) solids.response = &response;
    }
    report.projection = project_with_slip(w.liquid, occluded,
                                          face_solid_velocities(occluded, end, model, two_way ? &unknowns : nullptr),
                                          s.fluid.surface_tension > 0.0 ? &in.curvature : nullptr, prm, in.valid, upper,
                                          two_way ? &solids : nullptr);
    // A solve that ends far from its tolerance has no usable answer: stop here, with the frames
    // written so far kept, rather than let the liquid blow up over the next steps.
    const SlipProjectionResult& pr = report.projection;
    if (!std::isfinite(pr.residual) || (!pr.converged && pr.residual > kGiveUpResidual))
      throw SimulationError("the slip projection did not converge (relative residual " + format_number(pr.residual) +
                            " after " + std::to_string(pr.iterations) + " iterations)" +
                            (settings.condition == SlipCondition::no_slip
                                 ? ": with coupling.slip.condition \"no_slip\" the constraints can contradict each "
                                   "other where liquid is enclosed next to a solid; try \"slip\" or a finer grid"
                                 : "; raise coupling.slip.max_iterations or loosen coupling.slip.tolerance"));
    if (two_way) {
      // The liquid's impulse on the solids (their velocity change in the projection) goes into
      // their step, solved again from its start: positions and velocities stay consistent (the
      // solids move as far as the liquid made room for), and contact keeps its guarantees.
      SolidState& state = w.lagrangian->state;
      state = *start_state;
      // Their step from its start with velocity M^-1 P added reproduces (M + dt^2 K)^-1 P to first
      // order (and M^-1 P exactly where the projection used the mass alone).
      const VectorX impulse_velocity =
          coordinate_velocity_change(*model, unknowns, unknowns.inverse_mass * solids.impulse, state.z);
      state.velocity += impulse_velocity;
      p.stop();
      step_free_solids(w, dt, ctx);
    }
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
