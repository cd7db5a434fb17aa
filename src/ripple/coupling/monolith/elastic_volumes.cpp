#include "ripple/coupling/monolith/elastic_volumes.hpp"

#include <algorithm>

namespace ripple {

ElasticVolumes::ElasticVolumes(const SolidModel& model) : m_(model), elastic_(model, 1.0) {
  volume_scale_.assign(m_.bodies.size(), 0.0);
  vertex_unknown_.assign(static_cast<size_t>(m_.num_vertices), -1);
  for (size_t b = 0; b < m_.bodies.size(); ++b) {
    const SolidBodyInfo& info = m_.bodies[b];
    if (info.kind != SolidKind::volume) continue;
    volume_scale_[b] = 1.0;
    for (int v = info.first_vertex; v < info.first_vertex + info.num_vertices; ++v) {
      const int d = m_.vertex_dof[static_cast<size_t>(v)];
      if (m_.dof_fixed[static_cast<size_t>(d)] || !(m_.vertex_mass[v] > 0.0)) continue;  // pinned, or in no tetrahedron
      vertex_unknown_[static_cast<size_t>(v)] = static_cast<int>(dof_coordinate_.size());
      for (int k = 0; k < 3; ++k) {
        dof_coordinate_.push_back(d + k);
        mass_damping_.push_back(info.mass_damping);
      }
      stiffness_damping_ = stiffness_damping_ || info.stiffness_damping > 0.0;
    }
  }
  coordinate_unknown_.assign(static_cast<size_t>(m_.num_dofs), -1);
  for (int64_t i = 0; i < size(); ++i)
    coordinate_unknown_[static_cast<size_t>(dof_coordinate_[static_cast<size_t>(i)])] = static_cast<int>(i);
  lumped_ = VectorX::Zero(size());
  for (int v = 0; v < m_.num_vertices; ++v)
    if (vertex_unknown_[static_cast<size_t>(v)] >= 0)
      lumped_.segment<3>(vertex_unknown_[static_cast<size_t>(v)]).setConstant(m_.vertex_mass[v]);
  std::vector<uint8_t> seen(static_cast<size_t>(m_.num_vertices), 0);
  for (const auto& f : m_.collision.faces) {
    if (volume_scale_[static_cast<size_t>(m_.vertex_body[static_cast<size_t>(f[0])])] == 0.0) continue;
    surface_.push_back(f);
    for (int v : f)
      if (!seen[static_cast<size_t>(v)]++) surface_vertices_.push_back(v);
  }
}

void ElasticVolumes::begin_step(const SolidState& state, double dt, const Vec3& gravity) {
  dt_ = dt;
  z_start_ = state.z;
  v_start_.resize(size());
  for (int64_t i = 0; i < size(); ++i) v_start_[i] = state.velocity[dof_coordinate_[static_cast<size_t>(i)]];
  v_hat_ = v_start_;
  for (int64_t i = 0; i < size(); i += 3) v_hat_.segment<3>(i) += dt * gravity;
  mass_.resize(size());
  for (int64_t i = 0; i < size(); ++i) mass_[i] = (1.0 + dt * mass_damping_[static_cast<size_t>(i)]) * lumped_[i];
  elastic_.update_rotations(z_start_);  // the corotated model's rotations, fixed over the step
  damping_stiffness_ = SparseMatrix(size(), size());
  if (!stiffness_damping_) return;
  damping_scale_.assign(m_.bodies.size(), 0.0);
  for (size_t b = 0; b < m_.bodies.size(); ++b)
    if (volume_scale_[b] > 0.0) damping_scale_[b] = dt * m_.bodies[b].stiffness_damping;
  VectorX g = VectorX::Zero(m_.num_dofs);
  std::vector<Triplet> h, t;
  elastic_.add_scaled(z_start_, 1.0, &damping_scale_, g, &h);
  for (const Triplet& e : h) {
    const int r = coordinate_unknown_[static_cast<size_t>(e.row())], c = coordinate_unknown_[static_cast<size_t>(e.col())];
    if (r >= 0 && c >= 0) t.emplace_back(r, c, e.value());
  }
  damping_stiffness_.setFromTriplets(t.begin(), t.end());
}

VectorX ElasticVolumes::coordinates(const VectorX& v) const {
  VectorX z = z_start_;
  for (int64_t i = 0; i < size(); ++i) z[dof_coordinate_[static_cast<size_t>(i)]] += dt_ * v[i];
  return z;
}

double ElasticVolumes::energy(const VectorX& v) const {
  double e = 0.0;
  for (int64_t i = 0; i < size(); ++i) {
    const double d = v[i] - v_hat_[i];
    e += 0.5 * lumped_[i] * (d * d + dt_ * mass_damping_[static_cast<size_t>(i)] * v[i] * v[i]);
  }
  if (stiffness_damping_) e += 0.5 * v.dot(damping_stiffness_ * v);
  return e + elastic_.energy(coordinates(v));
}

void ElasticVolumes::quadratic_model(const VectorX& v, VectorX& gradient, SparseMatrix& stiffness) const {
  const VectorX z = coordinates(v);
  VectorX g = VectorX::Zero(m_.num_dofs);
  std::vector<Triplet> h;
  elastic_.add_scaled(z, 1.0, &volume_scale_, g, &h);
  gradient.resize(size());
  for (int64_t i = 0; i < size(); ++i)  // M (v - v^) + dt a M v + dt grad Psi
    gradient[i] = lumped_[i] * (v[i] - v_hat_[i] + dt_ * mass_damping_[static_cast<size_t>(i)] * v[i]) +
                  dt_ * g[dof_coordinate_[static_cast<size_t>(i)]];
  std::vector<Triplet> t;
  t.reserve(h.size());
  const double dt2 = dt_ * dt_;
  for (const Triplet& e : h) {
    const int r = coordinate_unknown_[static_cast<size_t>(e.row())], c = coordinate_unknown_[static_cast<size_t>(e.col())];
    if (r >= 0 && c >= 0) t.emplace_back(r, c, dt2 * e.value());
  }
  stiffness = SparseMatrix(size(), size());
  stiffness.setFromTriplets(t.begin(), t.end());
  if (stiffness_damping_) {
    gradient += damping_stiffness_ * v;
    stiffness += damping_stiffness_;
  }
}

LdltSplit ElasticVolumes::natural_split(const VectorX& v) const {
  std::vector<TetNaturalFactor> factors = elastic_.tet_natural_factors(coordinates(v), &volume_scale_);
  for (TetNaturalFactor& f : factors) f.weight *= dt_ * dt_;
  if (stiffness_damping_) {  // dt b K^n, from the step's start
    const std::vector<TetNaturalFactor> damping = elastic_.tet_natural_factors(z_start_, &damping_scale_);
    factors.insert(factors.end(), damping.begin(), damping.end());
  }
  LdltSplit out;
  out.diagonal.resize(static_cast<int64_t>(factors.size()));
  std::vector<Triplet> t;
  for (size_t j = 0; j < factors.size(); ++j) {
    const TetNaturalFactor& f = factors[j];
    out.diagonal[static_cast<int64_t>(j)] = f.weight;
    for (int a = 0; a < 4; ++a) {
      const int u = vertex_unknown_[static_cast<size_t>(m_.tets[static_cast<size_t>(f.tet)][static_cast<size_t>(a)])];
      if (u < 0) continue;  // pinned
      for (int k = 0; k < 3; ++k) t.emplace_back(u + k, static_cast<int>(j), f.column[3 * a + k]);
    }
  }
  out.q = SparseMatrix(size(), static_cast<int64_t>(factors.size()));
  out.q.setFromTriplets(t.begin(), t.end());
  return out;
}

void ElasticVolumes::write(const VectorX& v, SolidState& state) const {
  for (int64_t i = 0; i < size(); ++i) {
    const int d = dof_coordinate_[static_cast<size_t>(i)];
    state.z[d] = z_start_[d] + dt_ * v[i];
    state.velocity[d] = v[i];
  }
}

std::vector<Vec3> ElasticVolumes::vertex_positions(const VectorX& z) const {
  const VectorX x = m_.positions(z);
  std::vector<Vec3> out(static_cast<size_t>(m_.num_vertices));
  for (int v = 0; v < m_.num_vertices; ++v) out[static_cast<size_t>(v)] = x.segment<3>(3 * v);
  return out;
}

}  // namespace ripple
