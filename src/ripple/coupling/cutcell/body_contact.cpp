#include "ripple/coupling/cutcell/body_contact.hpp"

#include <algorithm>

#include "ripple/contact/broad_phase.hpp"
#include "ripple/contact/contact_stencil.hpp"
#include "ripple/core/errors.hpp"
#include "ripple/solid/energies/strain_energy.hpp"
#include "ripple/solid/forms/contact_form.hpp"
#include "ripple/solid/forms/inertia_form.hpp"
#include "ripple/solid/forms/orthogonality_form.hpp"

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
                                      double dhat, const NewtonSettings& newton, double dt, const VectorX& z0,
                                      VectorX& z, VectorX& q, double& kappa, std::vector<HeldContact>& held) {
  BodyContactReport rep;
  const VectorX target = z;
  const VectorX x0 = m.positions(z0), x_target = m.positions(target);
  // Nothing comes within dhat along the move: the move stands (the common case, one broad phase).
  if (find_candidates(mesh, x0, x_target, dhat).size() == 0) return rep;
  rep.filtered = true;

  const auto [mean_mass, extent] = mean_mass_and_extent(m, cs, x0);
  const double kappa_min = min_barrier_stiffness(dhat, extent, mean_mass);
  const double kappa_max = 100.0 * kappa_min;
  if (kappa <= 0.0) kappa = kappa_min;
  InertiaForm inertia(m, target);
  ContactForm contact(m, dhat, dt * dt, &mesh);
  OrthogonalityForm orthogonality(m, dt * dt);
  contact.set_stiffness(kappa, kappa_max);
  contact.update_candidates(z0);
  if (contact.candidates().size() > 0 && contact.min_gap(z0) <= 0.0)
    throw SimulationError("two coupled bodies touch or intersect at the start of a step (smallest gap " +
                          std::to_string(contact.min_gap(z0)) + " m); a wall correction may have pushed one "
                          "into the other: lower the time step or cfl");
  VectorX g = VectorX::Zero(m.num_dofs);
  inertia.add_derivatives(z0, g, nullptr);
  kappa = balanced_barrier_stiffness(contact, z0, g, dt * dt, kappa, kappa_max);
  contact.set_stiffness(kappa, kappa_max);

  NewtonSettings ns = newton;
  ns.dt = dt;
  if (ns.tolerance <= 0.0) ns.tolerance = 1e-3 * extent;  // as the solids' step: 0.1 % of their size per second
  z = z0;
  std::vector<Form*> forms = {&inertia, &contact, &orthogonality};
  rep.newton = newton_minimise(forms, m.dof_fixed, [&](const VectorX& dz) { return m.max_vertex_displacement(dz); },
                               ns, z);
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
    held.push_back(h);
    ++rep.held;
  }
  return rep;
}

}  // namespace ripple
