#include "ripple/coupling/cutcell/coupled_solids.hpp"

#include <algorithm>
#include <cmath>

#include "ripple/core/derivatives.hpp"

namespace ripple {
namespace {

Mat3 rotation_of(const Vec3& axis_angle) {
  const double a = axis_angle.norm();
  if (a < 1e-300) return Mat3::Identity();
  return Eigen::AngleAxisd(a, axis_angle / a).toRotationMatrix();
}

}  // namespace

CoupledSolids build_coupled_solids(const SolidModel& m, const std::vector<int>& bodies) {
  CoupledSolids cs;
  cs.vertex_dof.assign(m.num_vertices, -1);
  cs.vertex_rigid.assign(m.num_vertices, -1);
  std::vector<uint8_t> coupled_body(m.bodies.size(), 0);
  for (int b : bodies) {
    const SolidBodyInfo& info = m.bodies[b];
    const bool dynamic_rigid = info.kind == SolidKind::rigid && !info.fixed && !info.kinematic;
    if (info.kind != SolidKind::volume && !dynamic_rigid) continue;
    coupled_body[b] = 1;
    cs.bodies.push_back(b);
    if (dynamic_rigid) {
      CoupledRigid r;
      r.body = b;
      r.dof = cs.num_dofs;
      r.mass = info.mass;
      r.inertia_local = info.second_moment.trace() * Mat3::Identity() - info.second_moment;
      for (int v = info.first_vertex; v < info.first_vertex + info.num_vertices; ++v)
        cs.vertex_rigid[v] = static_cast<int>(cs.rigid.size());
      cs.rigid.push_back(r);
      cs.num_dofs += 6;
    } else {
      for (int v = info.first_vertex; v < info.first_vertex + info.num_vertices; ++v) {
        if (m.dof_fixed[m.vertex_dof[v]]) continue;  // pinned
        cs.vertex_dof[v] = cs.num_dofs;
        cs.num_dofs += 3;
      }
    }
    cs.mass_damping.resize(cs.num_dofs, info.mass_damping);
    cs.stiffness_damping.resize(cs.num_dofs, info.stiffness_damping);
  }
  for (const auto& f : m.collision.faces)
    if (coupled_body[m.vertex_body[f[0]]]) cs.surface.push_back(f);
  return cs;
}

Vec3 rigid_centre(const SolidModel& m, const CoupledRigid& r, const VectorX& z) {
  return z.segment<3>(m.bodies[r.body].first_dof);
}

Mat3 rigid_rotation(const SolidModel& m, const CoupledRigid& r, const VectorX& z) {
  const int d = m.bodies[r.body].first_dof;
  Mat3 A;
  for (int c = 0; c < 3; ++c) A.col(c) = z.segment<3>(d + 3 + 3 * c);
  return A;
}

VectorX coupled_velocity(const SolidModel& m, const CoupledSolids& cs, const VectorX& z, const VectorX& zdot) {
  VectorX q = VectorX::Zero(cs.num_dofs);
  for (int v = 0; v < m.num_vertices; ++v)
    if (cs.vertex_dof[v] >= 0) q.segment<3>(cs.vertex_dof[v]) = zdot.segment<3>(m.vertex_dof[v]);
  for (const CoupledRigid& r : cs.rigid) {
    const int d = m.bodies[r.body].first_dof;
    Mat3 Adot;
    for (int c = 0; c < 3; ++c) Adot.col(c) = zdot.segment<3>(d + 3 + 3 * c);
    const Mat3 W = Adot * rigid_rotation(m, r, z).transpose();  // [omega]x for a rotation A
    q.segment<3>(r.dof) = zdot.segment<3>(d);
    q.segment<3>(r.dof + 3) = 0.5 * Vec3(W(2, 1) - W(1, 2), W(0, 2) - W(2, 0), W(1, 0) - W(0, 1));
  }
  return q;
}

void set_coupled_velocity(const SolidModel& m, const CoupledSolids& cs, const VectorX& z, const VectorX& q,
                          VectorX& zdot) {
  for (int v = 0; v < m.num_vertices; ++v)
    if (cs.vertex_dof[v] >= 0) zdot.segment<3>(m.vertex_dof[v]) = q.segment<3>(cs.vertex_dof[v]);
  for (const CoupledRigid& r : cs.rigid) {
    const int d = m.bodies[r.body].first_dof;
    const Mat3 Adot = skew(Vec3(q.segment<3>(r.dof + 3))) * rigid_rotation(m, r, z);
    zdot.segment<3>(d) = q.segment<3>(r.dof);
    for (int c = 0; c < 3; ++c) zdot.segment<3>(d + 3 + 3 * c) = Adot.col(c);
  }
}

void advance_coupled_positions(const SolidModel& m, const CoupledSolids& cs, double dt, const VectorX& q,
                               VectorX& z) {
  for (int v = 0; v < m.num_vertices; ++v)
    if (cs.vertex_dof[v] >= 0) z.segment<3>(m.vertex_dof[v]) += dt * q.segment<3>(cs.vertex_dof[v]);
  for (const CoupledRigid& r : cs.rigid) {
    const int d = m.bodies[r.body].first_dof;
    const Mat3 A = rotation_of(dt * q.segment<3>(r.dof + 3)) * rigid_rotation(m, r, z);
    z.segment<3>(d) += dt * q.segment<3>(r.dof);
    for (int c = 0; c < 3; ++c) z.segment<3>(d + 3 + 3 * c) = A.col(c);
  }
}

void add_vertex_row(const CoupledSolids& cs, const SolidModel& m, const VectorX& z, int v, const Vec3& a, int row,
                    std::vector<Triplet>& out) {
  if (cs.vertex_dof[v] >= 0) {
    for (int k = 0; k < 3; ++k) out.emplace_back(row, cs.vertex_dof[v] + k, a[k]);
    return;
  }
  if (cs.vertex_rigid[v] < 0) return;
  const CoupledRigid& r = cs.rigid[cs.vertex_rigid[v]];
  const Mat3 A = rigid_rotation(m, r, z);
  const Vec3 arm = A * m.vertex_local[v];  // x - c
  const Vec3 moment = arm.cross(a);       // a . (omega x arm) = omega . (arm x a)
  for (int k = 0; k < 3; ++k) {
    out.emplace_back(row, r.dof + k, a[k]);
    out.emplace_back(row, r.dof + 3 + k, moment[k]);
  }
}

Vec3 vertex_velocity(const CoupledSolids& cs, const SolidModel& m, const VectorX& z, const VectorX& q, int v) {
  if (cs.vertex_dof[v] >= 0) return q.segment<3>(cs.vertex_dof[v]);
  if (cs.vertex_rigid[v] < 0) return Vec3::Zero();
  const CoupledRigid& r = cs.rigid[cs.vertex_rigid[v]];
  const Vec3 arm = rigid_rotation(m, r, z) * m.vertex_local[v];
  return q.segment<3>(r.dof) + q.segment<3>(r.dof + 3).cross(arm);
}

void add_mass_matrix(const CoupledSolids& cs, const SolidModel& m, const VectorX& z,
                     const std::vector<double>& dof_scale, std::vector<Triplet>& out) {
  for (int v = 0; v < m.num_vertices; ++v) {
    const int d = cs.vertex_dof[v];
    if (d < 0) continue;
    for (int k = 0; k < 3; ++k) out.emplace_back(d + k, d + k, dof_scale[d + k] * m.vertex_mass[v]);
  }
  for (const CoupledRigid& r : cs.rigid) {
    const Mat3 R = rigid_rotation(m, r, z);
    const Mat3 I = R * r.inertia_local * R.transpose();
    const double s = dof_scale[r.dof];
    for (int k = 0; k < 3; ++k) out.emplace_back(r.dof + k, r.dof + k, s * r.mass);
    for (int a = 0; a < 3; ++a)
      for (int b = 0; b < 3; ++b) out.emplace_back(r.dof + 3 + a, r.dof + 3 + b, s * I(a, b));
  }
}

void add_inverse_mass_matrix(const CoupledSolids& cs, const SolidModel& m, const VectorX& z,
                             const std::vector<double>& dof_scale, std::vector<Triplet>& out) {
  for (int v = 0; v < m.num_vertices; ++v) {
    const int d = cs.vertex_dof[v];
    if (d < 0) continue;
    for (int k = 0; k < 3; ++k) out.emplace_back(d + k, d + k, 1.0 / (dof_scale[d + k] * m.vertex_mass[v]));
  }
  for (const CoupledRigid& r : cs.rigid) {
    const Mat3 R = rigid_rotation(m, r, z);
    const Mat3 I_inv = R * r.inertia_local.inverse() * R.transpose();
    const double s = dof_scale[r.dof];
    for (int k = 0; k < 3; ++k) out.emplace_back(r.dof + k, r.dof + k, 1.0 / (s * r.mass));
    for (int a = 0; a < 3; ++a)
      for (int b = 0; b < 3; ++b) out.emplace_back(r.dof + 3 + a, r.dof + 3 + b, I_inv(a, b) / s);
  }
}

}  // namespace ripple
