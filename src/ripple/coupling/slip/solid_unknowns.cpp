#include "ripple/coupling/slip/solid_unknowns.hpp"

namespace ripple {

namespace {

Mat3 cross_matrix(const Vec3& r) {
  Mat3 m;
  m << 0, -r.z(), r.y(), r.z(), 0, -r.x(), -r.y(), r.x(), 0;
  return m;
}

Mat3 affine_of(const VectorX& z, int first_dof) {
  Mat3 a;
  for (int i = 0; i < 3; ++i) a.col(i) = z.segment<3>(first_dof + 3 + 3 * i);
  return a;
}

}  // namespace

SolidUnknowns build_solid_unknowns(const SolidModel& model, int simulated, const VectorX& z) {
  SolidUnknowns u;
  u.unknown_of_dof.assign(model.num_dofs, -1);
  u.rigid_of_body.assign(model.bodies.size(), -1);
  std::vector<Triplet> inv;
  std::vector<uint8_t> scripted(model.num_vertices, 0);  // their motion is prescribed
  for (const ScriptedPins& pins : model.scripted_pins)
    for (int v : pins.vertices) scripted[v] = 1;
  for (int b = 0; b < simulated && b < static_cast<int>(model.bodies.size()); ++b) {
    const SolidBodyInfo& body = model.bodies[b];
    if (body.kind == SolidKind::rigid) {
      if (body.fixed || body.kinematic) continue;
      SolidUnknowns::Rigid r;
      r.body = b;
      r.first = u.count;
      r.centre = z.segment<3>(body.first_dof);
      r.a = affine_of(z, body.first_dof);
      u.rigid_of_body[b] = static_cast<int>(u.rigid.size());
      u.rigid.push_back(r);
      u.count += 6;
      // Inertia about the centre from the second moment S = int rho l l^T: I = tr(S) 1 - S, in
      // world axes A I A^T.
      const Mat3 s = body.second_moment;
      const Mat3 inertia = r.a * (s.trace() * Mat3::Identity() - s) * r.a.transpose();
      const Mat3 inv_inertia = inertia.inverse();
      for (int c = 0; c < 3; ++c) inv.emplace_back(r.first + c, r.first + c, 1.0 / body.mass);
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) inv.emplace_back(r.first + 3 + i, r.first + 3 + j, inv_inertia(i, j));
      continue;
    }
    for (int v = body.first_vertex; v < body.first_vertex + body.num_vertices; ++v) {
      const double m = model.vertex_mass[v];
      if (!(m > 0.0) || scripted[v]) continue;
      for (int c = 0; c < 3; ++c) {
        const int dof = model.vertex_dof[v] + c;
        if (model.dof_fixed[dof]) continue;
        u.unknown_of_dof[dof] = u.count;
        inv.emplace_back(u.count, u.count, 1.0 / m);
        ++u.count;
      }
    }
  }
  u.inverse_mass.resize(u.count, u.count);
  u.inverse_mass.setFromTriplets(inv.begin(), inv.end());
  return u;
}

VectorX solid_unknown_velocity(const SolidModel& model, const SolidUnknowns& u, const VectorX& zdot) {
  VectorX q = VectorX::Zero(u.count);
  for (size_t d = 0; d < u.unknown_of_dof.size(); ++d)
    if (u.unknown_of_dof[d] >= 0) q[u.unknown_of_dof[d]] = zdot[d];
  for (const SolidUnknowns::Rigid& r : u.rigid) {
    const int d = model.bodies[r.body].first_dof;
    q.segment<3>(r.first) = zdot.segment<3>(d);
    const Mat3 w = affine_of(zdot, d) * r.a.transpose();  // [omega]x for a rotation A
    const Mat3 skew = 0.5 * (w - w.transpose());
    q.segment<3>(r.first + 3) = Vec3(skew(2, 1), skew(0, 2), skew(1, 0));
  }
  return q;
}

VectorX coordinate_velocity_change(const SolidModel& model, const SolidUnknowns& u, const VectorX& dq,
                                   const VectorX& z) {
  VectorX dz = VectorX::Zero(model.num_dofs);
  for (size_t d = 0; d < u.unknown_of_dof.size(); ++d)
    if (u.unknown_of_dof[d] >= 0) dz[d] = dq[u.unknown_of_dof[d]];
  for (const SolidUnknowns::Rigid& r : u.rigid) {
    const int d = model.bodies[r.body].first_dof;
    dz.segment<3>(d) = dq.segment<3>(r.first);
    const Vec3 dw = dq.segment<3>(r.first + 3);
    const Mat3 a = affine_of(z, d);
    for (int i = 0; i < 3; ++i) dz.segment<3>(d + 3 + 3 * i) = dw.cross(a.col(i));
  }
  return dz;
}

std::vector<FaceSolidVelocity> face_solid_velocities(const OccludedFaces& occ, const SlipSurface& surface,
                                                     const SolidModel* model, const SolidUnknowns* unknowns) {
  std::vector<FaceSolidVelocity> out(occ.faces.size());
  for (size_t o = 0; o < occ.faces.size(); ++o) {
    FaceSolidVelocity& f = out[o];
    for (const auto& [sv, w] : occ.faces[o].weights) {
      const int mv = surface.model_vertex[sv];
      if (!unknowns || !model || mv < 0) {
        f.known += w * surface.v[sv];
        continue;
      }
      const int ri = unknowns->rigid_of_body[model->vertex_body[mv]];
      if (ri >= 0) {  // v + omega x (x - c) = v - [x - c]x omega
        const SolidUnknowns::Rigid& r = unknowns->rigid[ri];
        const Mat3 m = -cross_matrix(surface.x[sv] - r.centre);
        for (int c = 0; c < 3; ++c) {
          f.terms.push_back({r.first + c, c, w});
          for (int j = 0; j < 3; ++j) f.terms.push_back({r.first + 3 + j, c, w * m(c, j)});
        }
        continue;
      }
      const int d = model->vertex_dof[mv];
      bool all_unknown = !model->vertex_rigid[mv];
      for (int c = 0; c < 3 && all_unknown; ++c) all_unknown = unknowns->unknown_of_dof[d + c] >= 0;
      if (!all_unknown) {  // pinned, scripted, fixed or kinematic: its velocity is given
        f.known += w * surface.v[sv];
        continue;
      }
      for (int c = 0; c < 3; ++c) f.terms.push_back({unknowns->unknown_of_dof[d + c], c, w});
    }
  }
  return out;
}

}  // namespace ripple
