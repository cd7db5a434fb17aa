#pragma once
// Deterministic parallel assembly of per-element derivatives into the solver coordinates:
// elements are evaluated in parallel; gradients are scattered in element order, Hessian
// blocks written to fixed slots of the triplet list (summed in order by setFromTriplets).
#include <array>
#include <vector>

#include "ripple/core/derivatives.hpp"
#include "ripple/core/parallel.hpp"
#include "ripple/solid/solid_model.hpp"
#include "ripple/solver/form.hpp"

namespace ripple {

/// `eval(e)` returns the Derivatives<3K> of element e, whose deformable vertices are
/// `verts(e)`; everything is multiplied by `weight`.
template <int K, class Verts, class Eval>
void assemble_elements(const SolidModel& m, int count, Verts verts, Eval eval, double weight, VectorX& gradient,
                       std::vector<Triplet>* hessian) {
  constexpr int N = 3 * K;
  std::vector<Eigen::Matrix<double, N, 1>> grads(static_cast<size_t>(count));
  size_t base = 0;
  if (hessian) {
    base = hessian->size();
    hessian->resize(base + static_cast<size_t>(count) * N * N);
  }
  parallel_for(0, count, [&](int64_t e) {
    const Derivatives<N> d = eval(static_cast<int>(e));
    grads[e] = weight * d.gradient;
    if (!hessian) return;
    const std::array<int, K> v = verts(static_cast<int>(e));
    Triplet* out = hessian->data() + base + static_cast<size_t>(e) * N * N;
    for (int a = 0; a < K; ++a)
      for (int b = 0; b < K; ++b)
        for (int i = 0; i < 3; ++i)
          for (int j = 0; j < 3; ++j)
            *out++ = Triplet(m.vertex_dof[v[a]] + i, m.vertex_dof[v[b]] + j, weight * d.hessian(3 * a + i, 3 * b + j));
  }, 64);
  for (int e = 0; e < count; ++e) {
    const std::array<int, K> v = verts(e);
    for (int a = 0; a < K; ++a) gradient.segment<3>(m.vertex_dof[v[a]]) += grads[e].template segment<3>(3 * a);
  }
}

/// Stacked positions of element vertices (deformable: their coordinates in z).
template <int K>
Eigen::Matrix<double, 3 * K, 1> gather(const SolidModel& m, const VectorX& z, const std::array<int, K>& v) {
  Eigen::Matrix<double, 3 * K, 1> x;
  for (int a = 0; a < K; ++a) x.template segment<3>(3 * a) = z.segment<3>(m.vertex_dof[v[a]]);
  return x;
}

}  // namespace ripple
