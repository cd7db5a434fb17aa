#include "ripple/coupling/monolith/monolith_coupler.hpp"

#include <cmath>
#include <cstdio>
#include <functional>

#include "ripple/contact/mesh_signed_distance.hpp"
#include "ripple/coupling/monolith/body_level_set.hpp"
#include "ripple/coupling/monolith/step_contacts.hpp"
#include "ripple/core/errors.hpp"
#include "ripple/core/parallel.hpp"
#include "ripple/fluid/liquid_phases.hpp"
#include "ripple/grid/interpolation.hpp"
#include "ripple/solid/solid_step.hpp"
#include "ripple/world/rigid_bodies.hpp"

namespace ripple {

namespace {

/// Keeps a particle moving from x0 to x1 (m) out of a solid given by its signed distance: one
/// that enters it stops just before the surface it crossed (bisection along its path), so no
/// particle is pushed out through the far side of a thin solid; one that starts inside (the
/// solid moved onto it) leaves along the distance's gradient. dx: the grid's cell (m).
void keep_out(const std::function<double(const Vec3&)>& distance, const Vec3& x0, Vec3& x1, double dx) {
  const double d1 = distance(x1);
  if (d1 >= 0.0) return;
  if (distance(x0) >= 0.0) {
    double outside = 0.0, inside = 1.0;
    for (int i = 0; i < 20; ++i) {
      const double mid = 0.5 * (outside + inside);
      (distance(x0 + mid * (x1 - x0)) >= 0.0 ? outside : inside) = mid;
    }
    x1 = x0 + outside * (x1 - x0);
  }
  const double d = distance(x1);
  const Vec3 grad = distance_gradient(distance, x1, 0.1 * dx);
  if (grad.norm() > 0.0) x1 += (std::max(0.0, -d) + 0.05 * dx) * grad.normalized();
}

std::string scientific(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2e", x);
  return buffer;
}

}  // namespace

void MonolithCoupler::prepare(World& w) {
  model_body_.clear();
  scene_solid_.clear();
  bodies_.clear();
  elastic_.reset();
  if (!w.lagrangian) return;
  const SolidModel& model = w.lagrangian->model;
  auto volumes = std::make_unique<ElasticVolumes>(model);
  if (!volumes->empty() || !volumes->surface().empty()) elastic_ = std::move(volumes);
  const double h = 0.25 * w.scene.grid.dx;  // the shapes' distance sampled at a quarter cell
  bodies_ = make_rigid_bodies(w, h, model_body_, scene_solid_);
  // The liquid is seeded outside the bodies: they join the solid boundary until the first step.
  update_body_phi(w);
  SolidBoundary& sb = w.solids;
  parallel_for(0, sb.node_phi.size(), [&](int64_t i) { sb.node_phi[i] = std::min(sb.node_phi[i], body_phi_[i]); });
  sb.has_obstacles = true;
  update_face_fractions(sb, w.scene.grid, wall_sides(w.scene), w.obstacles, w.time);
  obstacles_only_ = false;
}

void MonolithCoupler::after_load(World& w) {
  if (w.lagrangian) read_bodies(w);
  update_body_phi(w);
  obstacles_only_ = false;
  drop_bodies_from_boundary(w);  // the obstacles alone, as a step leaves it
}

void MonolithCoupler::drop_bodies_from_boundary(World& w) {
  if (obstacles_only_) return;
  update_solid_boundary(w.solids, w.scene.grid, wall_sides(w.scene), w.obstacles, w.time);
  obstacles_only_ = true;
}

void MonolithCoupler::read_bodies(const World& w) { read_rigid_bodies(w, model_body_, bodies_); }

void MonolithCoupler::write_bodies(World& w) const { write_rigid_bodies(w, model_body_, bodies_); }

void MonolithCoupler::update_body_phi(const World& w) {
  const GridGeometry& g = w.scene.grid;
  const Vec3i nd = g.node_dims();
  body_phi_.resize(nd.x(), nd.y(), nd.z(), 1e30);
  std::fill(body_phi_.data().begin(), body_phi_.data().end(), 1e30);
  elastic_phi_ = ScalarGrid();
  if (elastic_) {  // the elastic volumes' signed distance near their surface
    elastic_phi_.resize(nd.x(), nd.y(), nd.z(), 1e30);
    std::fill(elastic_phi_.data().begin(), elastic_phi_.data().end(), 1e30);
    const std::vector<Vec3> x = elastic_->vertex_positions(w.lagrangian->state.z);
    min_with_mesh_signed_distance(x, elastic_->surface(), Lattice{g.origin, g.dx}, 3.0 * g.dx, elastic_phi_);
    parallel_for(0, body_phi_.size(), [&](int64_t i) { body_phi_[i] = std::min(body_phi_[i], elastic_phi_[i]); });
  }
  for (const RigidBody& b : bodies_) {
    const double radius = bounding_radius(b);
    const Vec3 lo = (b.position.array() - radius - 2.0 * g.dx).matrix(), hi = (b.position.array() + radius + 2.0 * g.dx).matrix();
    const Vec3i i0 = ((lo - g.origin) / g.dx).array().floor().cast<int>().max(0).matrix();
    const Vec3i i1 = ((hi - g.origin) / g.dx).array().ceil().cast<int>().min(nd.array() - 1).matrix();
    parallel_for(i0.z(), i1.z() + 1, [&](int64_t k) {
      for (int j = i0.y(); j <= i1.y(); ++j)
        for (int i = i0.x(); i <= i1.x(); ++i) {
          double& v = body_phi_(i, j, static_cast<int>(k));
          v = std::min(v, rigid_body_distance(b, g.node(i, j, static_cast<int>(k))));
        }
    }, 1);
  }
}

ElasticBlock MonolithCoupler::begin_elastic_step(const World& w, double dt, const GridGeometry& grid,
                                                 const ScalarGrid& phi, std::vector<SolidContact>& contacts,
                                                 const StepContext& ctx) {
  const Scene& s = w.scene;
  // The elastic volumes at the step's start: their surface cut by the cells, the faces inside.
  ElasticBlock elastic;
  std::vector<Vec3> x_start;
  if (elastic_) {
    ScopedPhase t(ctx.timings, "elastic_geometry");
    elastic_->begin_step(w.lagrangian->state, dt, s.gravity);
    x_start = elastic_->vertex_positions(w.lagrangian->state.z);
    elastic = elastic_geometry(*elastic_, x_start, grid, phi);
  }
  ScopedPhase t(ctx.timings, "contacts");
  contacts = gather_step_contacts(w, bodies_, model_body_, elastic_.get(), x_start, dt, w.time + dt);
  return elastic;
}

MonolithicNewtonReport MonolithCoupler::solve(const World& w, LiquidState& liquid,
                                              const std::vector<SolidContact>& contacts, const SolidBoundary* obstacles,
                                              FaceFlags* valid, ElasticBlock* elastic, double dt,
                                              const StepContext& ctx) {
  const Scene& s = w.scene;
  ScopedPhase t(ctx.timings, "monolithic_solve");
  MonolithicSolveParams p;
  p.dt = dt;
  p.density = s.fluid.density;
  p.walls = wall_sides(s);
  p.contact = settings_.contact;
  p.contact.skin = 1e-3 * s.grid.dx;  // resting contacts a thousandth of a cell apart, not touching
  p.multigrid = settings_.preconditioner == MonolithPreconditioner::multigrid;
  p.viscosity = s.fluid.viscosity;
  MonolithicNewtonSettings newton;
  newton.max_iterations = settings_.newton_iterations;
  newton.tolerance = settings_.newton_tolerance * s.grid.dx;
  newton.split = settings_.elastic_split;
  return solve_monolithic_step(liquid, bodies_, contacts, obstacles, p, valid, elastic_.get(),
                               elastic_ ? elastic : nullptr, newton);
}

void MonolithCoupler::finish_solve(World& w, const MonolithicNewtonReport& nr, const std::vector<SolidContact>& contacts,
                                   double dt, const StepContext& ctx) {
  const Scene& s = w.scene;
  const MonolithicSolveReport& r = nr.solve;
  record_pressure(r.iterations, r.residual, r.converged, ctx);
  if (!r.converged)
    throw SimulationError("the monolithic solve (MPRGP) did not converge in " + std::to_string(r.iterations) +
                           " iterations (relative residual " + scientific(r.residual) +
                          "); raise coupling.monolith.max_iterations or loosen coupling.monolith.tolerance");
  if (!nr.newton_converged) {
    // As the paper (Sec. 3.7.7), a Newton iteration that reaches its cap or cannot progress
    // along its direction ends there: its last update is taken when it moved no vertex farther
    // than a tenth of a cell (reported in the log and stats), else the run stops.
    const std::string why = nr.line_search_failed
                                ? "stalled after " + std::to_string(nr.newton_iterations) +
                                      " iterations (no step decreased the elastic merit without inverting a tetrahedron)"
                                : "did not converge in " + std::to_string(nr.newton_iterations) + " iterations";
    if (nr.last_update > 0.1 * s.grid.dx)
      throw SimulationError("the monolith's Newton iteration " + why + ", its last update " +
                            scientific(nr.last_update / s.grid.dx) +
                            " cells; lower the time step (time.max_dt) or raise coupling.monolith.newton_iterations");
    ++frame_.newton_unconverged;
    ++ctx.log.newton_unconverged;
    ctx.warn("frame " + std::to_string(ctx.frame) + ": the monolith's Newton iteration " + why +
             "; its last update, " + scientific(nr.last_update / s.grid.dx) + " cells, is taken");
  }
  for (const RigidBody& b : bodies_)
    if (!b.velocity.allFinite() || !b.angular_velocity.allFinite())
      throw SimulationError("non-finite rigid body velocity after the monolithic solve");
  if (elastic_ && !r.elastic_velocity.allFinite())
    throw SimulationError("non-finite elastic velocity after the monolithic solve");
  if (elastic_) {  // the frame's generic solid figures: the Newton iteration and the contact gaps
    ctx.log.newton_iterations += nr.newton_iterations;
    ctx.log.newton_iterations_max = std::max(ctx.log.newton_iterations_max, nr.newton_iterations);
  }
  for (const SolidContact& c : contacts) ctx.log.min_contact_gap = std::min(ctx.log.min_contact_gap, c.gap);
  frame_.newton_iterations += nr.newton_iterations;
  frame_.newton_iterations_max = std::max(frame_.newton_iterations_max, nr.newton_iterations);
  frame_.elastic_unknowns = elastic_ ? elastic_->size() : 0;
  frame_.solves += r.solves;
  frame_.iterations += r.iterations;
  frame_.iterations_max = std::max<int64_t>(frame_.iterations_max, r.iterations);
  frame_.contacts_max = std::max(frame_.contacts_max, r.contacts);
  frame_.pressure_unknowns_max = std::max(frame_.pressure_unknowns_max, r.pressure_unknowns);
  frame_.divergence_max = std::max(frame_.divergence_max, r.max_divergence);
  frame_.contact_force = r.contact_force;
  if (elastic_) {  // the volumes' end positions
    elastic_->write(r.elastic_velocity, w.lagrangian->state);
    const int inverted = elastic_->inverted(r.elastic_velocity);
    if (inverted > 0)
      throw SimulationError(std::to_string(inverted) + " tetrahedra inverted in the monolith's step; lower the time "
                            "step or stiffen the volume");
  }
  for (RigidBody& b : bodies_) advance_position(b, dt);
}

void MonolithCoupler::step_dry(World& w, double dt, const StepContext& ctx) {
  const Scene& s = w.scene;
  place_colliders(w.lagrangian->model, w.time + dt, dt, w.lagrangian->state);
  read_bodies(w);
  for (RigidBody& b : bodies_) b.velocity += s.gravity * dt;
  LiquidState air;  // one cell of air: no pressure rows
  air.grid.origin = s.grid.origin;
  air.grid.dx = s.grid.dx;
  air.grid.n = Vec3i(1, 1, 1);
  air.phi = ScalarGrid(air.grid.n, s.grid.dx);
  air.velocity.resize(air.grid);
  std::vector<SolidContact> contacts;
  ElasticBlock elastic = begin_elastic_step(w, dt, air.grid, ScalarGrid(), contacts, ctx);
  const MonolithicNewtonReport nr = solve(w, air, contacts, nullptr, nullptr, &elastic, dt, ctx);
  finish_solve(w, nr, contacts, dt, ctx);
  write_bodies(w);
  w.lagrangian->state.time = w.time + dt;
}

void MonolithCoupler::step(World& w, double dt, const StepContext& ctx) {
  if (!w.has_liquid()) {
    if (w.lagrangian) step_dry(w, dt, ctx);
    return;
  }
  const Scene& s = w.scene;
  const double t1 = w.time + dt;
  if (w.lagrangian) read_bodies(w);
  drop_bodies_from_boundary(w);  // the bodies were in the solid boundary for seeding only
  move_obstacles(w, t1, ctx.timings);
  // Mesh-sequence colliders meet the bodies through the obstacles' distance (step_contacts);
  // in the model they only follow their frames.
  if (w.lagrangian) place_colliders(w.lagrangian->model, t1, dt, w.lagrangian->state);
  // A viscous liquid's stress is solved with the pressures and the bodies (viscous_rows.hpp).
  ProjectionInput in = prepare_projection(w, dt, ctx.timings, {.viscosity = false});
  if (body_phi_.size() > 0 && (!bodies_.empty() || elastic_)) {
    ScopedPhase t(ctx.timings, "level_set");
    BodyLevelSetInput li;
    li.body_phi = &body_phi_;
    for (const RigidBody& b : bodies_) {
      li.rigid_distance.emplace_back([&b](const Vec3& x) { return rigid_body_distance(b, x); });
      li.rigid_reach.emplace_back(b.position, bounding_radius(b));
    }
    li.elastic_phi = elastic_phi_.size() > 0 ? &elastic_phi_ : nullptr;
    li.obstacles = &w.solids;
    li.walls = wall_sides(s);
    continue_level_set_into_bodies(w.liquid.phi, s.grid, li);
  }
  for (RigidBody& b : bodies_) b.velocity += s.gravity * dt;
  std::vector<SolidContact> contacts;
  ElasticBlock elastic = begin_elastic_step(w, dt, s.grid, elastic_phi_, contacts, ctx);
  const MonolithicNewtonReport nr = solve(w, w.liquid, contacts, &w.solids, &in.valid, &elastic, dt, ctx);
  finish_solve(w, nr, contacts, dt, ctx);
  update_body_phi(w);
  // Particles leave the bodies (a body moving into them, or their own step into it).
  LiquidAdvanceHooks hooks;
  hooks.moves.filter = [&](const Vec3& x0, Vec3& x1) {
    if (elastic_phi_.size() > 0)
      keep_out([&](const Vec3& y) { return sample(elastic_phi_, s.grid, Vec3::Zero(), y); }, x0, x1, s.grid.dx);
    for (const RigidBody& b : bodies_) keep_out([&b](const Vec3& y) { return rigid_body_distance(b, y); }, x0, x1, s.grid.dx);
  };
  // The particles' volume correction with the bodies closed (at their new positions).
  const bool displace = correct_particle_volume_around(w, body_phi_, t1, dt, ctx.timings);
  ctx.log.particles_removed += advance_liquid_after_projection(w, in, dt, displace, ctx.timings, &hooks);
  if (w.lagrangian) {
    write_bodies(w);
    w.lagrangian->state.time = t1;
  }
}

void MonolithCoupler::write_frame_stats(const World& w, const FrameLog&, nlohmann::json& j) {
  nlohmann::json forces = nlohmann::json::array();
  for (size_t k = 0; k < frame_.contact_force.size() && k < scene_solid_.size(); ++k) {
    const Vec3& f = frame_.contact_force[k];
    forces.push_back({{"name", w.scene.lagrangian_solids[static_cast<size_t>(scene_solid_[k])].name},
                      {"force", {f.x(), f.y(), f.z()}}});
  }
  j["monolith"] = {{"solves", frame_.solves},
                   {"iterations", frame_.iterations},
                   {"iterations_max", frame_.iterations_max},
                   {"contacts_max", frame_.contacts_max},
                   {"pressure_unknowns_max", frame_.pressure_unknowns_max},
                   {"divergence_max", frame_.divergence_max},
                   {"newton_iterations", frame_.newton_iterations},
                   {"newton_iterations_max", frame_.newton_iterations_max},
                   {"newton_unconverged", frame_.newton_unconverged},
                   {"elastic_unknowns", frame_.elastic_unknowns},
                   {"contact_forces", forces}};
  frame_ = FrameFigures{};
}

std::vector<StatsField> monolith_stats_fields() {
  return {
      {"monolith.solves", "", "MPRGP solves (one per substep plus its friction updates), summed."},
      {"monolith.iterations", "", "MPRGP iterations, summed over the frame's solves."},
      {"monolith.iterations_max", "", "Most MPRGP iterations of one substep."},
      {"monolith.contacts_max", "", "Most contact points (body points near a wall, an obstacle or another body) in a "
                                    "substep."},
      {"monolith.pressure_unknowns_max", "", "Most liquid cells with a pressure unknown."},
      {"monolith.divergence_max", "1/s", "Largest divergence of a liquid cell after the solve."},
      {"monolith.newton_iterations", "", "Newton iterations over the elastic volumes (one QP each), summed over the "
                                         "frame's substeps (one per substep without elastic volumes)."},
      {"monolith.newton_iterations_max", "", "Most Newton iterations of one substep."},
      {"monolith.newton_unconverged", "", "Substeps whose Newton iteration ended at its cap or without progress, its "
                                          "last update (under a tenth of a cell) taken."},
      {"monolith.elastic_unknowns", "", "Velocity unknowns of the elastic volumes' free vertices (3 each)."},
      {"monolith.contact_forces[].name", "", "A body's name."},
      {"monolith.contact_forces[].force", "N", "The contact force on it [x, y, z] at the last substep."},
  };
}

}  // namespace ripple
