#include "ripple/coupling/barrier/penetration_check.hpp"

#include <algorithm>
#include <limits>

#include "ripple/grid/interpolation.hpp"

namespace ripple {

namespace {

/// Counts the coupled vertices whose `phi_at(position)` minus their thickness is negative.
template <class PhiAt>
PenetrationReport count_penetrating(const CollisionMesh& mesh, const VectorX& x, const std::vector<uint8_t>& coupled,
                                    const PhiAt& phi_at) {
  PenetrationReport r;
  r.min_distance = std::numeric_limits<double>::infinity();
  for (int v = 0; v < mesh.num_vertices; ++v) {
    if (!coupled.empty() && !coupled[static_cast<size_t>(v)]) continue;
    const double d = phi_at(Vec3(x.segment<3>(3 * v))) - mesh.thickness[v];
    r.min_distance = std::min(r.min_distance, d);
    r.penetrating += d < 0.0;
  }
  return r;
}

/// The P^3 values of `field` (phi or the cells' labels) in a stencil, clamped at the grid's edge.
template <int P, class T>
Eigen::Matrix<T, P * P * P, 1> stencil_values(const GridGeometry& g, const Array3<T>& field, const LevelSetStencil& st) {
  const Vec3i hi = g.n - Vec3i::Ones();
  Eigen::Matrix<T, P * P * P, 1> values;
  for (int a = 0; a < P; ++a)
    for (int b = 0; b < P; ++b)
      for (int c = 0; c < P; ++c) {
        const Vec3i cell = (st.base + Vec3i(a, b, c)).cwiseMax(Vec3i::Zero()).cwiseMin(hi);
        values[(a * P + b) * P + c] = field(cell.x(), cell.y(), cell.z());
      }
  return values;
}

template <int P>
double interpolated_phi(const GridGeometry& g, const ScalarGrid& phi, const Vec3& p, LevelSetInterpolation kind) {
  const LevelSetStencil st = level_set_stencil(g, p, kind);
  return interpolated_distance_value<P>(stencil_values<P>(g, phi, st), st.t);
}

}  // namespace

PenetrationReport check_penetration(const GridGeometry& g, const ScalarGrid& phi, const CollisionMesh& mesh,
                                    const VectorX& x, const std::vector<uint8_t>& coupled) {
  return count_penetrating(mesh, x, coupled, [&](const Vec3& p) { return sample(phi, g, cell_sample_offset(), p); });
}

PenetrationReport check_penetration(const GridGeometry& g, const ScalarGrid& phi, const CollisionMesh& mesh,
                                    const VectorX& x, LevelSetInterpolation kind, const std::vector<uint8_t>& coupled) {
  return count_penetrating(mesh, x, coupled, [&](const Vec3& p) {
    return kind == LevelSetInterpolation::linear ? interpolated_phi<2>(g, phi, p, kind) : interpolated_phi<3>(g, phi, p, kind);
  });
}

std::vector<double> vertex_gaps(const GridGeometry& g, const ScalarGrid& phi, const CollisionMesh& mesh,
                                const VectorX& x, LevelSetInterpolation kind, const std::vector<uint8_t>& coupled) {
  std::vector<double> out(static_cast<size_t>(mesh.num_vertices), std::numeric_limits<double>::infinity());
  for (int v = 0; v < mesh.num_vertices; ++v) {
    if (!coupled.empty() && !coupled[static_cast<size_t>(v)]) continue;
    const Vec3 p = x.segment<3>(3 * v);
    const double own = kind == LevelSetInterpolation::linear ? interpolated_phi<2>(g, phi, p, kind)
                                                             : interpolated_phi<3>(g, phi, p, kind);
    out[static_cast<size_t>(v)] = std::min(own, sample(phi, g, cell_sample_offset(), p)) - mesh.thickness[v];
  }
  return out;
}

std::vector<double> component_min_distances(const GridGeometry& g, const ScalarGrid& phi, const Array3<int>& label,
                                            int components, double eps, const CollisionMesh& mesh, const VectorX& x,
                                            const std::vector<uint8_t>& coupled) {
  std::vector<double> out(static_cast<size_t>(components), std::numeric_limits<double>::infinity());
  for (int v = 0; v < mesh.num_vertices; ++v) {
    if (!coupled.empty() && !coupled[static_cast<size_t>(v)]) continue;
    const LevelSetStencil st = level_set_stencil(g, x.segment<3>(3 * v), LevelSetInterpolation::linear);
    const Eigen::Matrix<double, 8, 1> values = stencil_values<2>(g, phi, st);
    const Eigen::Matrix<int, 8, 1> labels = stencil_values<2>(g, label, st);
    for (int i = 0; i < 8; ++i) {
      const int l = labels[i];
      if (l < 0 || l >= components || (i > 0 && (labels.head(i).array() == l).any())) continue;
      Eigen::Matrix<double, 8, 1> samples;
      for (int q = 0; q < 8; ++q) samples[q] = labels[q] == l ? values[q] : std::max(values[q], eps);
      const double d = interpolated_distance_value<2>(samples, st.t) - mesh.thickness[v];
      if (d < eps) out[static_cast<size_t>(l)] = std::min(out[static_cast<size_t>(l)], d);
    }
  }
  return out;
}

}  // namespace ripple
