#include "ripple/coupling/cutcell/solid_motion.hpp"

#include <cmath>
#include <limits>

#include "ripple/core/errors.hpp"
#include "ripple/solid/forms/elastic_form.hpp"

namespace ripple {

double boundary_distance(const World& w, const Vec3& x, double t, Vec3& normal, Vec3* velocity) {
  const Scene& s = w.scene;
  const GridGeometry& g = s.grid;
  double best = std::numeric_limits<double>::infinity();
  for (int a = 0; a < 3; ++a)
    for (int side = 0; side < 2; ++side) {
      if (s.boundary_at(a, side) != BoundaryType::Wall) continue;
      const double d = side ? g.upper()[a] - x[a] : x[a] - g.origin[a];
      if (d < best) {
        best = d;
        normal = Vec3::Zero();
        normal[a] = side ? -1.0 : 1.0;
      }
    }
  if (!w.obstacles.empty()) {
    const double d = w.obstacles.signed_distance(x, t);
    if (d < best) {
      best = d;
      const double h = 0.05 * g.dx;
      Vec3 grad;
      for (int a = 0; a < 3; ++a) {
        Vec3 e = Vec3::Zero();
        e[a] = h;
        grad[a] = (w.obstacles.signed_distance(x + e, t) - w.obstacles.signed_distance(x - e, t)) / (2 * h);
      }
      normal = grad.norm() > 0.0 ? Vec3(grad.normalized()) : Vec3::UnitY();
      if (velocity) *velocity = w.obstacles.velocity(x, t);
      return best;
    }
  }
  if (velocity) *velocity = Vec3::Zero();
  return best;
}

SolidMotionReport advance_coupled_solids(World& w, CutCellCouplingState& cc, double dt, double t_end) {
  SolidMotionReport rep;
  SolidWorld& sw = *w.lagrangian;
  const SolidModel& m = sw.model;
  const CoupledSolids& cs = cc.solids;
  VectorX& z = sw.state.z;
  // The unknowns' velocities at the old positions (a rigid body's omega from dA/dt A^T needs
  // the A that dA/dt was written for), then the move, Eq. 34.
  VectorX q = coupled_velocity(m, cs, z, sw.state.velocity);
  const VectorX z0 = z;
  advance_coupled_positions(m, cs, dt, q, z);
  // Last step's held pairs of bodies carried normal forces: this step's friction on them.
  std::vector<HeldContact>& held = cc.held;
  std::vector<HeldContact> lagged;
  for (const HeldContact& h : held)
    if (h.pair_type >= 0 && h.force > 0.0) lagged.push_back(h);
  held.clear();

  // Free vertices: back onto the boundary, no velocity into it, and held there through the
  // projection (their normal velocity stays the boundary's in the implicit solve, so the rest of an
  // elastic body is stopped by its elasticity within the same step instead of running into
  // its stopped surface: a soft ball dropped on the floor inverted without this).
  for (int v = 0; v < m.num_vertices; ++v) {
    const int d = cs.vertex_dof[v];
    if (d < 0) continue;
    Vec3 n, u;
    const double phi = boundary_distance(w, z.segment<3>(m.vertex_dof[v]), t_end, n, &u);
    if (phi >= 0.0) continue;
    z.segment<3>(m.vertex_dof[v]) -= phi * n;
    const double vn = (q.segment<3>(d) - u).dot(n);  // relative to a moving obstacle
    if (vn < 0.0) q.segment<3>(d) -= vn * n;
    HeldContact h;
    h.vertices[0] = v;
    h.weights[0] = 1.0;
    h.count = 1;
    h.normal = n;
    h.normal_velocity = u.dot(n);
    held.push_back(h);
    ++rep.corrected_vertices;
  }
  // Rigid bodies: out by the deepest vertex, then inelastic impulses at the touching vertices.
  for (const CoupledRigid& r : cs.rigid) {
    const SolidBodyInfo& b = m.bodies[r.body];
    const int p0 = b.first_dof;
    const Mat3 rotation = rigid_rotation(m, r, z);  // translation only below: it stays
    auto vertex_position = [&](int v) { return Vec3(z.segment<3>(p0) + rotation * m.vertex_local[v]); };
    for (int pass = 0; pass < 3; ++pass) {
      double deepest = 0.0;
      Vec3 normal = Vec3::Zero();
      for (int v = b.first_vertex; v < b.first_vertex + b.num_vertices; ++v) {
        Vec3 n;
        const double phi = boundary_distance(w, vertex_position(v), t_end, n);
        if (phi < deepest) { deepest = phi; normal = n; }
      }
      if (deepest >= 0.0) break;
      z.segment<3>(p0) -= deepest * normal;
    }
    const Mat3 I_inv = rotation * r.inertia_local.inverse() * rotation.transpose();
    const double touch = 1e-6 * w.scene.grid.dx;
    for (int sweep = 0; sweep < 2; ++sweep)
      for (int v = b.first_vertex; v < b.first_vertex + b.num_vertices; ++v) {
        Vec3 n, u;
        const Vec3 x = vertex_position(v);
        if (boundary_distance(w, x, t_end, n, &u) > touch) continue;
        const Vec3 arm = x - z.segment<3>(p0);
        const double vn = (q.segment<3>(r.dof) + q.segment<3>(r.dof + 3).cross(arm) - u).dot(n);
        if (vn >= 0.0) continue;
        const Vec3 an = arm.cross(n);
        const double j = -vn / (1.0 / r.mass + an.dot(I_inv * an));
        q.segment<3>(r.dof) += j / r.mass * n;
        q.segment<3>(r.dof + 3) += j * (I_inv * an);
        if (sweep == 0) ++rep.corrected_vertices;
      }
  }
  // Contact between the bodies last: the IPC filter of the whole move, walls' corrections
  // included (body_contact.hpp), so that the bodies never end a step intersecting each other (a
  // wall correction after it could push one into another); its push may leave a vertex slightly
  // inside a wall, which the next step's correction puts back.
  rep.contact = filter_body_contact(m, cs, cc.body_collision, w.scene.contact_dhat,
                                    w.scene.friction_velocity, w.scene.newton, dt, z0, z, q,
                                    sw.state.barrier_stiffness, lagged, held);
  set_coupled_velocity(m, cs, z, q, sw.state.velocity);
  ElasticForm elastic(m, 1.0);
  if (const int inverted = elastic.inverted_elements(z); inverted > 0)
    throw SimulationError(std::to_string(inverted) + " tetrahedra of the coupled volumes inverted at t = " +
                          std::to_string(t_end) + " s (the solid is too soft for this step, or was crushed against a "
                          "wall); raise young, lower the time step or cfl");
  sw.state.time = t_end;
  return rep;
}

}  // namespace ripple
