#include "ripple/solid/forms/stencil_scatter.hpp"

#include "ripple/core/parallel.hpp"
#include "ripple/solid/psd_projection.hpp"

namespace ripple {
namespace {

/// A 3-coordinate block of the solver's unknowns a stencil vertex moves with its weight:
/// a deformable vertex is one block (weight 1), a rigid vertex four (the translation, weight 1,
/// and the affine matrix's columns, weights l.x, l.y, l.z).
struct Block {
  int dof = 0;
  double weight = 0.0;
};

/// Up to 4 stencil vertices x 4 blocks; blocks of fixed coordinates are dropped and blocks
/// that several vertices share (vertices of one rigid body) are merged.
struct StencilBlocks {
  int count = 0;
  int dof[16];
  Eigen::Matrix<double, 16, 4> weight;  ///< weight(block, stencil vertex)

  int slot(int d) {
    for (int i = 0; i < count; ++i)
      if (dof[i] == d) return i;
    dof[count] = d;
    weight.row(count).setZero();
    return count++;
  }
};

StencilBlocks blocks_of(const SolidModel& m, const ContactStencil& s) {
  StencilBlocks b;
  for (int a = 0; a < s.count; ++a) {
    const int v = s.v[a], first = m.vertex_dof[v];
    if (m.dof_fixed[first]) continue;  // fixed bodies and pinned vertices: no unknowns
    b.weight(b.slot(first), a) += 1.0;
    if (!m.vertex_rigid[v]) continue;
    for (int k = 0; k < 3; ++k) b.weight(b.slot(first + 3 + 3 * k), a) += m.vertex_local[v][k];
  }
  return b;
}


/// The Hessian of the stencil over its blocks' coordinates, B^T H B (3 count square).
template <int N>
Eigen::Matrix<double, N, N> block_hessian(const StencilBlocks& b, const ContactStencil& s, const Derivatives<12>& d) {
  Eigen::Matrix<double, N, N> out;
  for (int i = 0; i < N / 3; ++i)
    for (int j = 0; j < N / 3; ++j) {
      Mat3 h = Mat3::Zero();
      for (int a = 0; a < s.count; ++a)
        for (int c = 0; c < s.count; ++c) {
          const double s2 = b.weight(i, a) * b.weight(j, c);
          if (s2 != 0.0) h += s2 * d.hessian.block<3, 3>(3 * a, 3 * c);
        }
      out.template block<3, 3>(3 * i, 3 * j) = h;
    }
  return out;
}

/// Writes the stencil's (weighted, optionally projected) Hessian over its blocks to `out`,
/// (3 count)^2 entries.
template <int N>
void emit_blocks(const StencilBlocks& b, const ContactStencil& s, const Derivatives<12>& d, double w, bool project,
                 Triplet* out) {
  Eigen::Matrix<double, N, N> h = block_hessian<N>(b, s, d);
  if (project) h = project_psd<N>(h);
  for (int i = 0; i < N / 3; ++i)
    for (int j = 0; j < N / 3; ++j)
      for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) *out++ = Triplet(b.dof[i] + r, b.dof[j] + c, w * h(3 * i + r, 3 * j + c));
}

void emit_hessian(const StencilBlocks& b, const ContactStencil& s, Derivatives<12> d, double w, bool project,
                  Triplet* out) {
  // Project where it is cheapest: over the free blocks when there are at most 4 (a pair against
  // a fixed obstacle projects a 3x3 or 6x6), otherwise over the 12 stencil coordinates first.
  switch (b.count) {
    case 0: return;
    case 1: return emit_blocks<3>(b, s, d, w, project, out);
    case 2: return emit_blocks<6>(b, s, d, w, project, out);
    case 3: return emit_blocks<9>(b, s, d, w, project, out);
    case 4: return emit_blocks<12>(b, s, d, w, project, out);
    default: break;
  }
  if (project) d.hessian = project_psd<12>(d.hessian);
  for (int i = 0; i < b.count; ++i)
    for (int j = 0; j < b.count; ++j) {
      Mat3 h = Mat3::Zero();
      for (int a = 0; a < s.count; ++a)
        for (int c = 0; c < s.count; ++c) {
          const double s2 = b.weight(i, a) * b.weight(j, c);
          if (s2 != 0.0) h += s2 * d.hessian.block<3, 3>(3 * a, 3 * c);
        }
      for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) *out++ = Triplet(b.dof[i] + r, b.dof[j] + c, w * h(r, c));
    }
}

}  // namespace

void scatter_stencils(const SolidModel& m, const std::vector<ContactStencil>& stencils,
                      const std::vector<Derivatives<12>>& derivatives, const std::vector<double>& weights, bool project,
                      VectorX& gradient, std::vector<Triplet>* hessian) {
  const int64_t n = static_cast<int64_t>(stencils.size());
  std::vector<StencilBlocks> blocks(stencils.size());
  parallel_for(0, n, [&](int64_t i) { blocks[i] = blocks_of(m, stencils[i]); }, 256);
  // Gradient in stencil order (deterministic).
  for (int64_t i = 0; i < n; ++i) {
    const StencilBlocks& b = blocks[i];
    for (int k = 0; k < b.count; ++k) {
      Vec3 g = Vec3::Zero();
      for (int a = 0; a < stencils[i].count; ++a) g += b.weight(k, a) * derivatives[i].gradient.segment<3>(3 * a);
      gradient.segment<3>(b.dof[k]) += weights[i] * g;
    }
  }
  if (!hessian) return;
  // Each stencil writes its (3 blocks)^2 entries to its own slots.
  std::vector<size_t> offset(stencils.size() + 1, hessian->size());
  for (int64_t i = 0; i < n; ++i) offset[i + 1] = offset[i] + size_t(9 * blocks[i].count * blocks[i].count);
  hessian->resize(offset[n]);
  parallel_for(0, n, [&](int64_t i) {
    emit_hessian(blocks[i], stencils[i], derivatives[i], weights[i], project, hessian->data() + offset[i]);
  }, 16);
}

}  // namespace ripple
