#include "ripple/coupling/cutcell/body_contact.hpp"

#include <algorithm>

#include "ripple/contact/broad_phase.hpp"
#include "ripple/contact/contact_stencil.hpp"
#include "ripple/core/errors.hpp"
#include "ripple/solid/solid_step.hpp"
#include "ripple/solid/energies/strain_energy.hpp"
#include "ripple/solid/forms/contact_form.hpp"
#include "ripple/solid/forms/elastic_form.hpp"
#include "ripple/solid/forms/friction_form.hpp"
#include "ripple/solid/forms/inertia_form.hpp"
#include "ripple/solid/forms/orthogonality_form.hpp"
#include "ripple/solver/quadratic_form.hpp"

namespace ripple {

CollisionMesh coupled_collision_mesh(const SolidModel& m, const CoupledSolids& cs) {
  CollisionMesh out = m.collision;
  std::vector<uint8_t> coupled(m.bodies.size(), 0);
  for (int b : cs.bodies) coupled[b] = 1;
  auto kept = [&](int v) { return coupled[out.body[v]] != 0; };
  std::erase_if(out.edges, [&](const auto& e) { return !kept(e[0]) || !kept(e[1]); });
  std::erase_if(out.faces, [&](const auto& f) { return !kept(f[0]) || !kept(f[1]) || !kept(f[2]); });
  out.collidable.resize(out.num_vertices, 1);
  for (int v = 0; v < out.num_vertices; ++v)
    if (!kept(v)) out.collidable[v] = 0;
  return out;
}

namespace {

/// The coupled bodies' mean vertex mass (kg; a rigid body's vertex carries the whole body, as it
/// does in the filter) and the diagonal of their bounding box (m).
std::pair<double, double> mean_mass_and_extent(const SolidModel& m, const CoupledSolids& cs, const VectorX& x) {
  double mass = 0.0;
  int vertices = 0;
  Aabb box;
  for (int b : cs.bodies) {
    const SolidBodyInfo& info = m.bodies[b];
    mass += info.kind == SolidKind::rigid ? info.mass * info.num_vertices : info.mass;
    vertices += info.num_vertices;
    for (int v = info.first_vertex; v < info.first_vertex + info.num_vertices; ++v) box.extend(x.segment<3>(3 * v));
  }
  return {mass / std::max(1, vertices), box.empty() ? 0.0 : (box.hi - box.lo).norm()};
}

Vec3 vee(const Mat3& W) { return 0.5 * Vec3(W(2, 1) - W(1, 2), W(0, 2) - W(2, 0), W(1, 0) - W(0, 1)); }

}  // namespace

BodyContactReport filter_body_contact(const SolidModel& m, const CoupledSolids& cs, const CollisionMesh& mesh,
                                      double dhat, double friction_velocity, const NewtonSettings& newton, double dt,
                                      const VectorX& z0, VectorX& z, VectorX& q, double& kappa,
                                      const std::vector<HeldContact>& lagged, std::vector<HeldContact>& held) {
  BodyContactReport rep;
  const VectorX target = z;
  const VectorX x0 = m.positions(z0), x_target = m.positions(target);
  // The move stands when nothing comes within dhat along it (the common case: one broad phase),
  // or when the candidates' CCD lets it through whole, every pair ends beyond dhat and no pair
  // carries friction from the last step: then it is the filter's minimiser already.
  if (find_candidates(mesh, x0, x_target, dhat).size() == 0) return rep;
  ContactForm contact(m, dhat, dt * dt, &mesh);
  if (lagged.empty() && contact.max_step(z0, target - z0) >= 1.0) {
    contact.update_candidates(target);
    if (contact.min_gap(target) >= dhat) return rep;
  }
  rep.filtered = true;

  const auto [mean_mass, extent] = mean_mass_and_extent(m, cs, x0);
  const double kappa_min = min_barrier_stiffness(dhat, extent, mean_mass);
  const double kappa_max = 100.0 * kappa_min;
  if (kappa <= 0.0) kappa = kappa_min;
  InertiaForm inertia(m, target);
  OrthogonalityForm orthogonality(m, dt * dt);
  contact.set_stiffness(kappa, kappa_max);
  contact.update_candidates(z0);
  if (contact.candidates().size() > 0 && contact.min_gap(z0) <= 0.0)
    throw SimulationError("two coupled bodies touch or intersect at the start of a step (smallest gap " +
                          std::to_string(contact.min_gap(z0)) + " m), which the contact filter cannot start from; "
                          "lower the time step or cfl");
  VectorX g = VectorX::Zero(m.num_dofs);
  inertia.add_derivatives(z0, g, nullptr);
  kappa = balanced_barrier_stiffness(contact, z0, g, dt * dt, kappa, kappa_max);
  contact.set_stiffness(kappa, kappa_max);

  // Friction (IPC, Sec. 5), lagged at the step's start like the solids' own step: pairs already
  // within dhat resist sliding by mu times their barrier force.
  FrictionForm friction(m, contact.candidates(), x0, kappa, dhat, dt, friction_velocity, &mesh);
  for (const HeldContact& h : lagged) {
    ContactStencil s;
    s.type = static_cast<ContactStencil::Type>(h.pair_type);
    s.count = h.count;
    for (int i = 0; i < h.count; ++i) s.v[i] = h.vertices[i];
    const double gap = std::sqrt(stencil_distance_sq(x0, s)) - stencil_offset(mesh, s);
    const double mu = m.friction_between(mesh.body[s.v[0]], mesh.body[s.v[s.count - 1]]);
    if (gap < dhat && mu > 0.0) friction.add_pair(s, mu * h.force);
  }

  // The volumes' elastic response to the correction z - z*: dt (dt + tau_k) K at z*, the
  // implicit stiffness the projection uses (Eq. 16 times dt), so that where the barrier stops a
  // few surface vertices, or friction holds them, the body's inside moves with them instead of
  // its skin shearing off it (an elastic ball on a raft inverted without this).
  ElasticForm elastic(m, 1.0);
  elastic.update_rotations(target);
  std::vector<double> body_scale(m.bodies.size(), 0.0);
  bool any_volume = false;
  for (int b : cs.bodies)
    if (m.bodies[b].kind == SolidKind::volume) {
      body_scale[b] = dt * (dt + m.bodies[b].stiffness_damping);
      any_volume = true;
    }
  std::vector<Triplet> stiffness;
  VectorX unused = VectorX::Zero(m.num_dofs);
  if (any_volume) elastic.add_scaled(target, 1.0, &body_scale, unused, &stiffness);
  SparseMatrix K(m.num_dofs, m.num_dofs);
  K.setFromTriplets(stiffness.begin(), stiffness.end());
  QuadraticForm response("elastic_response", std::move(K), target, 1.0);

  NewtonSettings ns = newton;
  ns.dt = dt;
  if (ns.tolerance <= 0.0) ns.tolerance = 1e-3 * extent;  // as the solids' step: 0.1 % of their size per second
  z = z0;
  std::vector<Form*> forms = {&inertia, &contact, &orthogonality};
  if (friction.size() > 0) forms.push_back(&friction);
  if (any_volume) forms.push_back(&response);
  rep.newton = newton_minimise(forms, m.dof_fixed, solid_newton_measures(m), ns, z);
  kappa = contact.stiffness();
  if (!z.allFinite()) throw SimulationError("the coupled bodies' contact filter produced non-finite positions");

  // Rigid bodies: A back to the nearest rotation (the barrier's pull leaves a tiny stretch),
  // and their velocity change from the filter's displacement of p and A.
  for (const CoupledRigid& r : cs.rigid) {
    const int d = m.bodies[r.body].first_dof;
    Eigen::Map<Mat3> A(z.data() + d + 3);
    A = polar_rotation(A).eval();
    const Eigen::Map<const Mat3> A_target(target.data() + d + 3);
    q.segment<3>(r.dof) += (z.segment<3>(d) - target.segment<3>(d)) / dt;
    q.segment<3>(r.dof + 3) += vee((A - A_target) * A_target.transpose()) / dt;
  }
  for (int v = 0; v < m.num_vertices; ++v)
    if (cs.vertex_dof[v] >= 0)
      q.segment<3>(cs.vertex_dof[v]) += (z.segment<3>(m.vertex_dof[v]) - target.segment<3>(m.vertex_dof[v])) / dt;

  // The pairs now within dhat; those the filter pushed apart (their closest points were further
  // into each other along the move than after the filter) are held in the projection.
  contact.update_candidates(z);
  const VectorX x = m.positions(z);
  for (const ContactStencil& s : stencils_of(mesh, contact.candidates())) {
    const double gap = std::sqrt(stencil_distance_sq(x, s)) - stencil_offset(mesh, s);
    if (gap >= dhat) continue;
    ++rep.pairs;
    rep.min_gap = std::min(rep.min_gap, gap);
    const std::array<double, 4> w = closest_point_weights(x, s);
    Vec3 separation = Vec3::Zero(), pushed = Vec3::Zero();
    for (int i = 0; i < s.count; ++i) {
      separation += w[i] * x.segment<3>(3 * s.v[i]);
      pushed += w[i] * (x.segment<3>(3 * s.v[i]) - x_target.segment<3>(3 * s.v[i]));
    }
    if (separation.norm() == 0.0) continue;
    const Vec3 n = separation.normalized();
    if (pushed.dot(n) <= 0.0) continue;
    HeldContact h;
    h.count = s.count;
    for (int i = 0; i < s.count; ++i) {
      h.vertices[i] = s.v[i];
      h.weights[i] = w[i];
    }
    h.normal = n;
    h.pair_type = s.type;
    held.push_back(h);
    ++rep.held;
  }
  return rep;
}

}  // namespace ripple
