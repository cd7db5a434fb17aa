#include "ripple/coupling/barrier/liquid_barrier_form.hpp"

#include <algorithm>
#include <limits>

#include "ripple/contact/barrier.hpp"
#include "ripple/core/parallel.hpp"

namespace ripple {
namespace {

/// Interpolated distance over P^3 samples: values read from z (unknowns) or the constants.
template <int P>
LiquidBarrierForm::VertexDistance sample_distance(const LevelSetUnknowns& ls, const LevelSetStencil& st, const Vec3& x,
                                                  const VectorX& z) {
  constexpr int K = P * P * P;
  Eigen::Matrix<double, K, 1> phi;
  std::array<int, K> dof;
  const Vec3i hi = ls.grid.n - Vec3i::Ones();
  for (int a = 0; a < P; ++a)
    for (int b = 0; b < P; ++b)
      for (int c = 0; c < P; ++c) {
        const int s = (a * P + b) * P + c;
        const Vec3i cell = (st.base + Vec3i(a, b, c)).cwiseMax(Vec3i::Zero()).cwiseMin(hi);
        dof[s] = ls.dof(cell.x(), cell.y(), cell.z());
        phi[s] = dof[s] >= 0 ? z[dof[s]] : ls.phi(cell.x(), cell.y(), cell.z());
      }
  // The stencil's t is relative to the cell base at the time it was taken; the point moves.
  const Vec3 t = ls.grid.to_index_space(x, cell_sample_offset()) - st.base.cast<double>();
  const Derivatives<K + 3> d = interpolated_distance<P>(phi, t, ls.grid.dx);
  LiquidBarrierForm::VertexDistance out;
  out.value = d.value;
  for (int s = 0; s < K; ++s)
    if (dof[s] >= 0 && d.gradient[s] != 0.0) out.gradient.push_back({dof[s], d.gradient[s]});
  for (int k = 0; k < 3; ++k) out.gradient.push_back({-1 - k, d.gradient[K + k]});  // position, mapped below
  return out;
}

}  // namespace

LiquidBarrierForm::LiquidBarrierForm(const SolidModel& solids, const LevelSetUnknowns& level_set,
                                     LevelSetInterpolation kind, double dhat, double stiffness, const VectorX& z_start)
    : m_(solids), ls_(level_set), kind_(kind), dhat_(dhat), kappa_(stiffness) {
  take_stencils(z_start);
}

void LiquidBarrierForm::take_stencils(const VectorX& z) {
  const VectorX x = m_.positions(z);
  stencils_.resize(static_cast<size_t>(m_.num_vertices));
  for (int v = 0; v < m_.num_vertices; ++v) stencils_[v] = level_set_stencil(ls_.grid, x.segment<3>(3 * v), kind_);
}

void LiquidBarrierForm::begin_iteration(const VectorX& z) {
  if (kind_ == LevelSetInterpolation::quadratic) take_stencils(z);
}

LiquidBarrierForm::VertexDistance LiquidBarrierForm::distance(const VectorX& z, const VectorX& x, int v) const {
  const Vec3 p = x.segment<3>(3 * v);
  VertexDistance d = kind_ == LevelSetInterpolation::linear ? sample_distance<2>(ls_, stencils_[v], p, z)
                                                            : sample_distance<3>(ls_, stencils_[v], p, z);
  // Chain the position part through the vertex's coordinates: one block for a deformable
  // vertex, translation and affine columns (weights 1, l) for a rigid one; none if fixed.
  Vec3 dx;
  for (int k = 0; k < 3; ++k) dx[k] = d.gradient[d.gradient.size() - 3 + k].second;
  d.gradient.resize(d.gradient.size() - 3);
  const int first = m_.vertex_dof[v];
  if (m_.dof_fixed[first]) return d;
  auto add_block = [&](int dof, double w) {
    for (int k = 0; k < 3; ++k) d.gradient.push_back({dof + k, w * dx[k]});
  };
  add_block(first, 1.0);
  if (m_.vertex_rigid[v])
    for (int c = 0; c < 3; ++c) add_block(first + 3 + 3 * c, m_.vertex_local[v][c]);
  return d;
}

double LiquidBarrierForm::value(const VectorX& z) const {
  const VectorX x = m_.positions(z);
  return kappa_ * parallel_sum(0, m_.num_vertices, [&](int64_t v) {
    const double gap = distance(z, x, static_cast<int>(v)).value - m_.collision.thickness[v];
    return gap < dhat_ ? barrier(gap, dhat_).value : 0.0;
  });
}

void LiquidBarrierForm::add_derivatives(const VectorX& z, VectorX& gradient, std::vector<Triplet>* hessian) const {
  const VectorX x = m_.positions(z);
  std::vector<VertexDistance> active(static_cast<size_t>(m_.num_vertices));
  std::vector<ScalarDerivatives> b(static_cast<size_t>(m_.num_vertices));
  parallel_for(0, m_.num_vertices, [&](int64_t v) {
    VertexDistance d = distance(z, x, static_cast<int>(v));
    const double gap = d.value - m_.collision.thickness[v];
    if (gap >= dhat_) return;
    b[v] = barrier(gap, dhat_);
    active[v] = std::move(d);
  }, 256);
  for (int v = 0; v < m_.num_vertices; ++v) {  // serial: deterministic sums
    const auto& g = active[v].gradient;
    if (g.empty()) continue;
    for (const auto& [i, w] : g) gradient[i] += kappa_ * b[v].first * w;
    if (!hessian) continue;
    const double h = kappa_ * b[v].second;
    for (const auto& [i, wi] : g)
      for (const auto& [j, wj] : g) hessian->emplace_back(i, j, h * wi * wj);
  }
}

double LiquidBarrierForm::min_gap(const VectorX& z) const {
  const VectorX x = m_.positions(z);
  double best = std::numeric_limits<double>::infinity();
  for (int v = 0; v < m_.num_vertices; ++v)
    best = std::min(best, distance(z, x, v).value - m_.collision.thickness[v]);
  return best;
}

}  // namespace ripple
