#include "ripple/coupling/membrane/membrane_coupler.hpp"

#include <cmath>

#include "ripple/core/errors.hpp"
#include "ripple/coupling/membrane/capillary_force.hpp"
#include "ripple/coupling/membrane/membrane_bodies.hpp"
#include "ripple/coupling/membrane/membrane_body_contact.hpp"
#include "ripple/coupling/membrane/membrane_level_set.hpp"
#include "ripple/coupling/membrane/membrane_projection.hpp"
#include "ripple/coupling/membrane/membrane_remesh.hpp"
#include "ripple/coupling/membrane/membrane_volume.hpp"
#include "ripple/coupling/membrane/surface_faces.hpp"
#include "ripple/fluid/body_forces.hpp"
#include "ripple/fluid/grid_advection.hpp"
#include "ripple/fluid/liquid_phases.hpp"
#include "ripple/fluid/velocity_extrapolation.hpp"
#include "ripple/world/rigid_bodies.hpp"

namespace ripple {

namespace {

/// `u` (m/s) at x along the axes in `axes` (bit a for axis a), zero along the others.
Vec3 along(const MacVelocity& u, const GridGeometry& g, const Vec3& x, uint8_t axes) {
  Vec3 v = u.sample(g, x);
  for (int a = 0; a < 3; ++a)
    if (!(axes & (1u << a))) v[a] = 0.0;
  return v;
}

/// Moves the particles the solves move (the free ones; the contact line's along its wall)
/// through `u` (m/s) for dt (s): the midpoint rule.
void move_with_grid(const MacVelocity& u, const GridGeometry& g, double dt, LiquidMembrane& m) {
  const std::vector<uint8_t> axes = solved_axes(m);
  for (size_t i = 0; i < m.size(); ++i)
    if (axes[i]) {
      const Vec3 mid = m.x[i] + 0.5 * dt * along(u, g, m.x[i], axes[i]);
      m.x[i] += dt * along(u, g, mid, axes[i]);
    }
}

/// The particles' velocities after a solve: the grid's at their place along their solved axes
/// (which holds W v at the fluid-air faces: the solve's own particle velocities also hold
/// motions finer than the grid, which W does not see and nothing would damp), their body's for
/// contact particles, zero for the held ones.
void take_grid_velocity(const MacVelocity& u, const GridGeometry& g, const std::vector<RigidBody>& bodies,
                        LiquidMembrane& m) {
  const std::vector<uint8_t> axes = solved_axes(m);
  for (size_t i = 0; i < m.size(); ++i)
    if (m.body[i] >= 0) m.v[i] = velocity_at(bodies[static_cast<size_t>(m.body[i])], m.x[i]);
    else m.v[i] = along(u, g, m.x[i], axes[i]);
}

}  // namespace

void MembraneCoupler::prepare(World& w) {
  bodies_ = make_rigid_bodies(w, 0.25 * w.scene.grid.dx, model_body_, scene_solid_);
}

void MembraneCoupler::check_start(const World& w) const {
  ScalarGrid phi = w.liquid.phi;
  keep_liquid_out_of_bodies(bodies_, w.liquid.grid, phi);
  for (int64_t c = 0; c < phi.size(); ++c)
    if (phi[c] < 0.0) return;
  throw InputError(w.scene.source_path + ": /fluid/regions",
                   "no grid cell holds liquid outside the rigid bodies: the membrane would enclose nothing (make the "
                   "liquid larger than a cell, outside the bodies)");
}

double MembraneCoupler::contact_reach(const GridGeometry& g) const { return 0.1 * g.dx; }

double MembraneCoupler::wall_reach(const GridGeometry& g) const { return 0.01 * g.dx; }

void MembraneCoupler::ensure_membrane(World& w) {
  if (!membrane_.x.empty()) return;
  const GridGeometry& g = w.liquid.grid;
  if (w.lagrangian) read_rigid_bodies(w, model_body_, bodies_);
  keep_liquid_out_of_bodies(bodies_, g, w.liquid.phi);
  membrane_ = build_membrane(w.liquid.phi, g, settings_.refinement);
  // Marching tetrahedra leave slivers and very short edges: remeshed once before the start.
  const double volume = membrane_.mesh().signed_volume();
  for (int round = 0; round < 3; ++round) remesh_membrane(membrane_, g.dx / settings_.refinement);
  update_contact_particles(membrane_, bodies_, contact_reach(g));
  restore_membrane_volume(membrane_, volume, 0.5 * g.dx);
  take_grid_velocity(w.liquid.velocity, g, bodies_, membrane_);
  initial_volume_ = membrane_.mesh().signed_volume();
  level_set_from_membrane(membrane_, g, w.liquid.phi);
  keep_liquid_out_of_bodies(bodies_, g, w.liquid.phi);
}

void MembraneCoupler::step(World& w, double dt, const StepContext& ctx) {
  ensure_membrane(w);
  LiquidState& L = w.liquid;
  const Scene& s = w.scene;
  const GridGeometry& g = L.grid;
  const int layers = extrapolation_layers(s);
  if (w.lagrangian) read_rigid_bodies(w, model_body_, bodies_);
  for (int k : membrane_.body)
    if (k >= static_cast<int>(bodies_.size()))
      throw SimulationError("a membrane particle touches body " + std::to_string(k) + ", which the scene does not have");
  // The bodies' contacts with the walls and each other, on their velocities for this step (and
  // a body found inside another or a wall moved out, its contact particles with it).
  {
    const std::vector<RigidBody> before = bodies_;
    frame_.body_contacts_max = std::max(frame_.body_contacts_max, resolve_body_contacts(bodies_, g, dt));
    carry_contact_particles(membrane_, before, bodies_);
  }
  MembraneProjectionParams mp;
  mp.projection = projection_params(s, dt);
  mp.thickness = settings_.thickness * g.dx;
  mp.wall_contact_angle = settings_.wall_contact_angle;
  FaceFlags valid;
  std::vector<Vec3> v_solved;
  std::vector<MembraneBody> solve_bodies(bodies_.size());
  for (size_t k = 0; k < bodies_.size(); ++k) solve_bodies[k].body = &bodies_[k];
  auto check = [&](const MembraneProjectionResult& r, const char* which) {
    record_pressure(r.iterations, r.residual, r.converged, ctx);
    if (!std::isfinite(r.residual))
      throw SimulationError(std::string("non-finite residual in the membrane's ") + which + " solve");
  };

  // Steps 1-4: the advection velocity, divergence-free, without surface tension; the bodies
  // and the particles touching them keep their velocities.
  {
    ScopedPhase t(ctx.timings, "membrane advection solve");
    const Array3<int> cell_body = cells_in_bodies(bodies_, g);
    const SurfaceFaces faces = surface_faces(L.phi, w.solids, g, membrane_, s.fluid.density, &cell_body);
    mp.surface_tension = 0.0;
    const MembraneProjectionResult r =
        project_with_membrane(L, w.solids, faces, membrane_, solve_bodies, mp, v_solved, valid, w.pressure_system);
    check(r, "advection");
    frame_.advection_iterations += r.iterations;
  }
  // Step 5: the bodies move by their velocities (Eq. 29), the particles touching them with
  // them, the others and the grid velocity through the advection velocity.
  {
    ScopedPhase t(ctx.timings, "membrane advection");
    extrapolate_velocity(L.velocity, valid, layers);
    move_with_grid(L.velocity, g, dt, membrane_);
    const std::vector<RigidBody> before = bodies_;
    for (RigidBody& b : bodies_) advance_position(b, dt);
    carry_contact_particles(membrane_, before, bodies_);
    advect_semi_lagrangian(L.velocity, {}, g, dt, nullptr, s.periodic_axes());
  }
  // Step 6: the membrane remeshed, its particles sorted against the bodies (projected onto
  // them: Fig. 7 step 2), its volume restored, and liquid and air cells from it.
  {
    ScopedPhase t(ctx.timings, "membrane remesh");
    frame_.wall_joins += attach_to_walls(membrane_, g, wall_reach(g));
    const RemeshCounts c = remesh_membrane(membrane_, g.dx / settings_.refinement);
    frame_.splits += c.splits;
    frame_.collapses += c.collapses;
    frame_.flips += c.flips;
    update_contact_particles(membrane_, bodies_, contact_reach(g));
    frame_.volume_offset_max =
        std::max(frame_.volume_offset_max, std::abs(restore_membrane_volume(membrane_, initial_volume_, 0.5 * g.dx)));
    // Again: the volume's offset may have moved free particles into a body. Their projection
    // onto it changes the volume a little, which the free particles make up once more.
    frame_.contacts_max = std::max(frame_.contacts_max, update_contact_particles(membrane_, bodies_, contact_reach(g)));
    frame_.volume_offset_max =
        std::max(frame_.volume_offset_max, std::abs(restore_membrane_volume(membrane_, initial_volume_, 0.5 * g.dx)));
  }
  {
    ScopedPhase t(ctx.timings, "membrane cells");
    level_set_from_membrane(membrane_, g, L.phi);
    keep_liquid_out_of_bodies(bodies_, g, L.phi);
  }
  // Step 7: gravity, then the new velocities of the liquid, the membrane and the bodies with
  // the capillary forces (Eq. 28).
  {
    ScopedPhase t(ctx.timings, "membrane correction solve");
    apply_gravity(L.velocity, s.gravity, dt);
    const Array3<int> cell_body = cells_in_bodies(bodies_, g);
    const SurfaceFaces faces = surface_faces(L.phi, w.solids, g, membrane_, s.fluid.density, &cell_body);
    frame_.unreached_faces_max = std::max(frame_.unreached_faces_max, faces.unreached);
    frame_.surface_faces_max = std::max(frame_.surface_faces_max, static_cast<int64_t>(faces.faces.size()));
    mp.surface_tension = s.fluid.surface_tension;
    std::vector<Vec3> force, torque;
    adhesion_on_bodies(membrane_, capillary_forces(membrane_, s.fluid.surface_tension), bodies_, force, torque);
    for (size_t k = 0; k < bodies_.size(); ++k) {
      solve_bodies[k].unknown = true;
      solve_bodies[k].force = bodies_[k].mass * s.gravity + force[k];
      solve_bodies[k].torque = torque[k];
    }
    frame_.adhesion = force;
    const MembraneProjectionResult r =
        project_with_membrane(L, w.solids, faces, membrane_, solve_bodies, mp, v_solved, valid, w.pressure_system);
    check(r, "correction");
    frame_.correction_iterations += r.iterations;
    frame_.free_particles = r.free_particles;
    frame_.line_particles = r.line_particles;
    extrapolate_velocity(L.velocity, valid, layers);
    take_grid_velocity(L.velocity, g, bodies_, membrane_);
  }
  for (size_t i = 0; i < membrane_.size(); ++i)
    if (!membrane_.v[i].allFinite() || !membrane_.x[i].allFinite())
      throw SimulationError("non-finite membrane particle (position or velocity)");
  for (const RigidBody& b : bodies_)
    if (!b.position.allFinite() || !b.velocity.allFinite() || !b.angular_velocity.allFinite() ||
        !b.orientation.coeffs().allFinite())
      throw SimulationError("non-finite rigid body state in the membrane coupling");
  if (w.lagrangian) write_rigid_bodies(w, model_body_, bodies_);
}

void MembraneCoupler::write_frame_stats(const World& w, const FrameLog&, nlohmann::json& j) {
  nlohmann::json adhesion = nlohmann::json::array();
  for (size_t k = 0; k < frame_.adhesion.size() && k < scene_solid_.size(); ++k) {
    const Vec3& f = frame_.adhesion[k];
    adhesion.push_back({{"name", w.scene.lagrangian_solids[static_cast<size_t>(scene_solid_[k])].name},
                        {"force", {f.x(), f.y(), f.z()}}});
  }
  const TriangleMesh mesh = membrane_.mesh();
  const double volume = mesh.empty() ? 0.0 : mesh.signed_volume();
  const double area = mesh.empty() ? 0.0 : capillary_energy(membrane_, 1.0);
  j["membrane"] = {{"particles", static_cast<int64_t>(membrane_.size())},
                   {"free_particles", frame_.free_particles},
                   {"line_particles", frame_.line_particles},
                   {"triangles", static_cast<int64_t>(membrane_.triangles.size())},
                   {"area", area},
                   {"volume", volume},
                   {"volume_change", initial_volume_ > 0.0 ? volume / initial_volume_ - 1.0 : 0.0},
                   {"surface_faces_max", frame_.surface_faces_max},
                   {"unreached_faces_max", frame_.unreached_faces_max},
                   {"volume_offset_max", frame_.volume_offset_max},
                   {"splits", frame_.splits},
                   {"collapses", frame_.collapses},
                   {"flips", frame_.flips},
                   {"contacts_max", frame_.contacts_max},
                   {"body_contacts_max", frame_.body_contacts_max},
                   {"wall_joins", frame_.wall_joins},
                   {"adhesion", adhesion},
                   {"advection_iterations", frame_.advection_iterations},
                   {"correction_iterations", frame_.correction_iterations}};
  frame_ = FrameFigures{};
}

void MembraneCoupler::save(BinaryWriter& out) const {
  out.put(initial_volume_);
  out.put_vec(membrane_.x);
  out.put_vec(membrane_.v);
  out.put_vec(membrane_.triangles);
  out.put_vec(membrane_.wall);
  out.put_vec(membrane_.body);
}

void MembraneCoupler::load(BinaryReader& in) {
  initial_volume_ = in.get<double>();
  in.get_vec(membrane_.x);
  in.get_vec(membrane_.v);
  in.get_vec(membrane_.triangles);
  in.get_vec(membrane_.wall);
  in.get_vec(membrane_.body);
  if (membrane_.v.size() != membrane_.x.size() || membrane_.wall.size() != membrane_.x.size() ||
      membrane_.body.size() != membrane_.x.size())
    throw InputError("checkpoint", "the membrane's particle arrays differ in length (corrupt file)");
  for (const Eigen::Vector3i& t : membrane_.triangles)
    if (t.minCoeff() < 0 || t.maxCoeff() >= static_cast<int>(membrane_.x.size()))
      throw InputError("checkpoint", "a membrane triangle names a missing particle (corrupt file)");
}

std::vector<StatsField> membrane_stats_fields() {
  return {
      {"membrane.particles", "", "Particles of the liquid membrane (Ruan et al. 2021)."},
      {"membrane.free_particles", "", "Particles on no wall and touching no body, whose velocities the solves find "
                                      "(at the last substep)."},
      {"membrane.line_particles", "", "Particles on the contact line at a wall, which slide along it (at the last "
                                      "substep)."},
      {"membrane.triangles", "", "Triangles of the membrane (closed: those on the walls and bodies included)."},
      {"membrane.area", "m^2", "Area of the free surface (the membrane off the walls and the bodies)."},
      {"membrane.volume", "m^3", "Volume the membrane encloses."},
      {"membrane.volume_change", "", "Relative change of that volume since the membrane was built."},
      {"membrane.surface_faces_max", "", "Most fluid-air faces (dual cells whose velocity is the membrane's) in a "
                                         "substep."},
      {"membrane.unreached_faces_max", "", "Most fluid-air faces no membrane triangle reached (treated as a plain "
                                           "free surface) in a substep."},
      {"membrane.volume_offset_max", "m", "Largest distance the free particles were moved along their normals in a "
                                         "substep to hold the enclosed volume."},
      {"membrane.splits", "", "Edges split by the remeshing (longer than 1.75 target lengths), summed over the frame."},
      {"membrane.collapses", "", "Edges collapsed by the remeshing (shorter than 0.4 targets), summed over the "
                                 "frame."},
      {"membrane.flips", "", "Edges flipped by the remeshing (not Delaunay, on nearly flat pairs), summed over the "
                             "frame."},
      {"membrane.contacts_max", "", "Most particles in contact with a rigid body (the contact set C) in a substep."},
      {"membrane.body_contacts_max", "", "Most contacts of the rigid bodies' surface samples with the walls or another "
                                        "body that took an impulse (or were inside) in a substep."},
      {"membrane.wall_joins", "", "Particles that came within a hundredth of a cell of a wall (or past it) and joined it (the "
                                  "liquid touching the wall there), summed over the frame."},
      {"membrane.adhesion[].name", "", "A rigid body's name."},
      {"membrane.adhesion[].force", "N", "The membrane's capillary pull on it through its contact particles (Eq. 20) "
                                         "[x, y, z] at the last substep."},
      {"membrane.advection_iterations", "", "CG iterations of the advection solves (without surface tension), "
                                            "summed over the frame."},
      {"membrane.correction_iterations", "", "CG iterations of the correction solves (with surface tension), summed "
                                             "over the frame."},
  };
}

}  // namespace ripple
