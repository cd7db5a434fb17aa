#include "ripple/coupling/cutcell/cutcell_coupler.hpp"

#include <cmath>

#include "ripple/core/errors.hpp"
#include "ripple/coupling/cutcell/cut_cell_boundary.hpp"
#include "ripple/solid/solid_step.hpp"

namespace ripple {

void initialise_cutcell(World& w, CutCellCouplingState& cc) {
  if (!w.lagrangian) return;
  cc.solids = build_coupled_solids(w.lagrangian->model, w.lagrangian->scene_bodies);
  cc.body_collision = coupled_collision_mesh(w.lagrangian->model, cc.solids);
}

CutCellStepReport cutcell_step(World& w, CutCellCouplingState& cc, double dt, PhaseTimings& timings) {
  CutCellStepReport rep;
  const double t1 = w.time + dt;
  // Mesh-sequence colliders meet the bodies through the obstacles' distance (solid_motion); in
  // the model they only follow their frames.
  if (w.lagrangian) place_colliders(w.lagrangian->model, t1, dt, w.lagrangian->state);
  if (w.lagrangian && !cc.solids.empty()) {
    ScopedPhase t(timings, "solid_motion");
    rep.motion = advance_coupled_solids(w, cc, dt, t1);
  }
  {
    ScopedPhase t(timings, "cut_cells");
    update_cut_cell_boundary(w, cc, t1);
  }
  // The level set is rebuilt there with the extrapolation into bodies (solid_extension).
  ProjectionInput in = prepare_projection(w, dt, timings);
  rep.projection = coupled_projection(w, cc, in, dt, timings);
  if (!std::isfinite(rep.projection.system.coupled_residual))
    throw SimulationError("non-finite coupled pressure/solid solve (cut-cell projection diverged)");
  if (w.lagrangian && !w.lagrangian->state.velocity.allFinite())
    throw SimulationError("non-finite solid velocity after the cut-cell projection");
  // The particles' volume correction on the liquid block of this step's system, with a
  // multigrid preconditioner of its own (the projection solved the coupled system).
  const bool displace = correct_particle_volume(w, dt, true, timings);
  rep.particles_removed = advance_liquid_after_projection(w, in, dt, displace, timings);
  return rep;
}

void CutCellCoupler::after_load(World& w) { update_cut_cell_boundary(w, state, w.time); }

void CutCellCoupler::prepare(World& w) {
  // The coupled bodies are cut-cell boundaries of the liquid from the start (no liquid seeded inside).
  initialise_cutcell(w, state);
  update_cut_cell_boundary(w, state, 0.0);
  body_names_.clear();
  if (w.lagrangian)
    for (int b : state.solids.bodies) body_names_.push_back(w.lagrangian->model.bodies[b].name);
}

void CutCellCoupler::step(World& w, double dt, const StepContext& ctx) {
  const CutCellStepReport r = cutcell_step(w, state, dt, ctx.timings);
  const CoupledSystemReport& sys = r.projection.system;
  record_pressure(sys.iterations, sys.residual, sys.converged, ctx);
  ctx.log.particles_removed += r.particles_removed;
  FrameFigures& c = frame_;
  c.solver = sys.solver;
  c.coupled_residual_max = std::max(c.coupled_residual_max, sys.coupled_residual);
  c.fluid_unknowns_max = std::max(c.fluid_unknowns_max, r.projection.fluid_unknowns);
  c.solid_unknowns = r.projection.solid_unknowns;
  c.nonzeros_max = std::max(c.nonzeros_max, sys.nonzeros);
  c.pieces_max = std::max(c.pieces_max, r.projection.pieces);
  c.alpha = sys.alpha;
  c.corrected_vertices += r.motion.corrected_vertices;
  if (const BodyContactReport& bc = r.motion.contact; bc.filtered) {
    ++c.contact_steps;
    c.contact_pairs_max = std::max<int64_t>(c.contact_pairs_max, bc.pairs);
    c.contact_held_max = std::max<int64_t>(c.contact_held_max, bc.held);
    c.contact_newton_max = std::max<int64_t>(c.contact_newton_max, bc.newton.iterations);
    c.contact_min_gap = std::min(c.contact_min_gap, bc.min_gap);
    if (!bc.newton.converged) {
      ++c.contact_unconverged;
      ctx.warn("frame " + std::to_string(ctx.frame) + ": the coupled bodies' contact filter stopped at its iteration "
               "cap (" + std::to_string(bc.newton.iterations) + " Newton iterations); its result is used");
    }
  }
  c.body_force = r.projection.body_force;
}

void CutCellCoupler::write_frame_stats(const World&, const FrameLog&, nlohmann::json& j) {
  const FrameFigures& c = frame_;
  nlohmann::json forces = nlohmann::json::array();
  for (size_t i = 0; i < c.body_force.size() && i < body_names_.size(); ++i)
    forces.push_back({{"name", body_names_[i]}, {"force", {c.body_force[i].x(), c.body_force[i].y(), c.body_force[i].z()}}});
  j["cutcell"] = {{"solver", c.solver},
                  {"coupled_residual_max", c.coupled_residual_max},
                  {"fluid_unknowns_max", c.fluid_unknowns_max},
                  {"solid_unknowns", c.solid_unknowns},
                  {"nonzeros_max", c.nonzeros_max},
                  {"cut_pieces_max", c.pieces_max},
                  {"alpha", c.alpha},
                  {"corrected_vertices", c.corrected_vertices},
                  {"body_contact",
                   {{"filtered_steps", c.contact_steps},
                    {"pairs_max", c.contact_pairs_max},
                    {"held_max", c.contact_held_max},
                    {"newton_iterations_max", c.contact_newton_max},
                    {"unconverged", c.contact_unconverged},
                    {"min_gap", finite_or_null(c.contact_min_gap)}}},
                  {"body_forces", forces}};
  frame_ = FrameFigures{};
}

std::vector<StatsField> cutcell_stats_fields() {
  return {
      {"cutcell.solver", "", "The coupled solve's solver, e.g. `cg+block(multigrid, cholesky)`, `cg+ic`, `bicgstab+ilut`; "
                             "its iterations and residual are pressure_iterations and pressure_residual."},
      {"cutcell.coupled_residual_max", "", "Eq. 19's relative residual at the solution, the larger of its liquid and "
                                           "solid blocks'."},
      {"cutcell.fluid_unknowns_max", "", "Most pressure unknowns of a coupled solve."},
      {"cutcell.solid_unknowns", "", "Solid velocity unknowns (3 per free tet vertex, 6 per rigid body)."},
      {"cutcell.nonzeros_max", "", "Most nonzeros of the matrix solved."},
      {"cutcell.cut_pieces_max", "", "Most pieces of body surface in cells with a pressure unknown."},
      {"cutcell.alpha", "", "The solid rows' scale (Eq. 33) at the last substep."},
      {"cutcell.corrected_vertices", "", "Explicit wall and obstacle corrections of body vertices, summed."},
      {"cutcell.body_contact.filtered_steps", "", "Substeps whose move the bodies' contact filter changed."},
      {"cutcell.body_contact.pairs_max", "", "Most body pairs within contact.dhat."},
      {"cutcell.body_contact.held_max", "", "Most pairs held in the projection."},
      {"cutcell.body_contact.newton_iterations_max", "", "Most Newton iterations of a contact filter."},
      {"cutcell.body_contact.unconverged", "", "Contact filters that hit their iteration cap (also a log warning)."},
      {"cutcell.body_contact.min_gap", "m", "Smallest gap between bodies; null without contact."},
      {"cutcell.body_forces[].name", "", "A coupled body's name."},
      {"cutcell.body_forces[].force", "N", "The liquid's pressure force on it [x, y, z] at the last substep."}};
}

// The held pairs of bodies with the force they carried: the next step's friction (7 numbers
// each: type, count, 4 vertices, force).
void CutCellCoupler::save(BinaryWriter& out) const {
  std::vector<double> held;
  for (const HeldContact& h : state.held) {
    if (h.pair_type < 0) continue;
    held.insert(held.end(), {double(h.pair_type), double(h.count), double(h.vertices[0]), double(h.vertices[1]),
                             double(h.vertices[2]), double(h.vertices[3]), h.force});
  }
  out.put_vec(held);
}

void CutCellCoupler::load(BinaryReader& in) {
  std::vector<double> held;
  in.get_vec(held);
  if (held.size() % 7 != 0) in.fail("checkpoint held contacts are malformed");
  state.held.clear();
  // Integers stored as doubles: refuse anything that is not one in range before converting (a
  // corrupt value would be undefined behaviour to cast, and an index past the model's vertices).
  const int vertices = static_cast<int>(state.solids.vertex_dof.size());
  auto as_int = [&](double v, int lo, int hi) {
    if (!(v >= lo && v <= hi) || v != std::floor(v)) in.fail("checkpoint held contacts are malformed");
    return static_cast<int>(v);
  };
  for (size_t i = 0; i < held.size(); i += 7) {
    HeldContact h;
    h.pair_type = as_int(held[i], -1, 16);
    h.count = as_int(held[i + 1], 1, 4);
    for (int k = 0; k < 4; ++k) h.vertices[k] = as_int(held[i + 2 + k], -1, vertices - 1);
    h.force = held[i + 6];
    if (!std::isfinite(h.force)) in.fail("checkpoint held contacts are malformed");
    state.held.push_back(h);
  }
}

}  // namespace ripple
