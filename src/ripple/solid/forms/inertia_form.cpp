#include "ripple/solid/forms/inertia_form.hpp"

#include "ripple/core/parallel.hpp"

namespace ripple {
namespace {

/// The 12 x 12 affine mass matrix of a rigid body.
Eigen::Matrix<double, 12, 12> affine_mass(const SolidBodyInfo& b) {
  Eigen::Matrix<double, 12, 12> M = Eigen::Matrix<double, 12, 12>::Zero();
  M.topLeftCorner<3, 3>() = b.mass * Mat3::Identity();
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) M.block<3, 3>(3 + 3 * i, 3 + 3 * j) = b.second_moment(i, j) * Mat3::Identity();
  return M;
}

template <class Visit>
void for_bodies(const SolidModel& m, bool kinematic, Visit visit) {
  for (const SolidBodyInfo& b : m.bodies)
    if (b.kind == SolidKind::rigid && !b.fixed && b.kinematic == kinematic) visit(b);
}

}  // namespace

double InertiaForm::value(const VectorX& z) const {
  double e = parallel_sum(0, m_.num_vertices, [&](int64_t v) {
    if (m_.vertex_rigid[v]) return 0.0;
    const int d = m_.vertex_dof[v];
    return 0.5 * m_.vertex_mass[v] * (z.segment<3>(d) - target_.segment<3>(d)).squaredNorm();
  });
  for_bodies(m_, false, [&](const SolidBodyInfo& b) {
    const Eigen::Matrix<double, 12, 1> r = z.segment<12>(b.first_dof) - target_.segment<12>(b.first_dof);
    e += 0.5 * r.dot(affine_mass(b) * r);
  });
  return e;
}

void InertiaForm::add_derivatives(const VectorX& z, VectorX& gradient, std::vector<Triplet>* hessian) const {
  for (int v = 0; v < m_.num_vertices; ++v) {
    if (m_.vertex_rigid[v]) continue;
    const int d = m_.vertex_dof[v];
    gradient.segment<3>(d) += m_.vertex_mass[v] * (z.segment<3>(d) - target_.segment<3>(d));
    if (hessian)
      for (int i = 0; i < 3; ++i) hessian->emplace_back(d + i, d + i, m_.vertex_mass[v]);
  }
  for_bodies(m_, false, [&](const SolidBodyInfo& b) {
    const auto M = affine_mass(b);
    gradient.segment<12>(b.first_dof) += M * (z.segment<12>(b.first_dof) - target_.segment<12>(b.first_dof));
    if (hessian)
      for (int i = 0; i < 12; ++i)
        for (int j = 0; j < 12; ++j)
          if (M(i, j) != 0.0) hessian->emplace_back(b.first_dof + i, b.first_dof + j, M(i, j));
  });
}

VectorX InertiaForm::mass_times(const SolidModel& m, const VectorX& v, bool include_kinematic) {
  VectorX out = VectorX::Zero(v.size());
  for (int i = 0; i < m.num_vertices; ++i)
    if (!m.vertex_rigid[i]) out.segment<3>(m.vertex_dof[i]) = m.vertex_mass[i] * v.segment<3>(m.vertex_dof[i]);
  for (const SolidBodyInfo& b : m.bodies)
    if (b.kind == SolidKind::rigid && !b.fixed && (include_kinematic || !b.kinematic))
      out.segment<12>(b.first_dof) = affine_mass(b) * v.segment<12>(b.first_dof);
  return out;
}

VectorX InertiaForm::inverse_mass_times(const SolidModel& m, const VectorX& g) {
  VectorX out = VectorX::Zero(m.num_dofs);
  for (int i = 0; i < m.num_vertices; ++i) {
    const int d = m.vertex_dof[i];
    if (m.vertex_rigid[i] || m.vertex_mass[i] <= 0.0) continue;
    for (int k = 0; k < 3; ++k)
      if (!m.dof_fixed[d + k]) out[d + k] = g[d + k] / m.vertex_mass[i];
  }
  for_bodies(m, false, [&](const SolidBodyInfo& b) {
    out.segment<12>(b.first_dof) = affine_mass(b).ldlt().solve(g.segment<12>(b.first_dof));
  });
  return out;
}

double KinematicForm::value(const VectorX& z) const {
  double e = 0.0;
  for (const VertexTarget& t : vertex_targets_)
    e += 0.5 * weight_ * t.mass * (z.segment<3>(m_.vertex_dof[t.vertex]) - t.position).squaredNorm();
  for_bodies(m_, true, [&](const SolidBodyInfo& b) {
    const Eigen::Matrix<double, 12, 1> r = z.segment<12>(b.first_dof) - target_.segment<12>(b.first_dof);
    e += 0.5 * weight_ * r.dot(affine_mass(b) * r);
  });
  return e;
}

void KinematicForm::add_derivatives(const VectorX& z, VectorX& gradient, std::vector<Triplet>* hessian) const {
  for (const VertexTarget& t : vertex_targets_) {
    const int d = m_.vertex_dof[t.vertex];
    const double k = weight_ * t.mass;
    gradient.segment<3>(d) += k * (z.segment<3>(d) - t.position);
    if (hessian)
      for (int i = 0; i < 3; ++i) hessian->emplace_back(d + i, d + i, k);
  }
  for_bodies(m_, true, [&](const SolidBodyInfo& b) {
    const auto M = affine_mass(b);
    gradient.segment<12>(b.first_dof) += weight_ * M * (z.segment<12>(b.first_dof) - target_.segment<12>(b.first_dof));
    if (hessian)
      for (int i = 0; i < 12; ++i)
        for (int j = 0; j < 12; ++j)
          if (M(i, j) != 0.0) hessian->emplace_back(b.first_dof + i, b.first_dof + j, weight_ * M(i, j));
  });
}

}  // namespace ripple
