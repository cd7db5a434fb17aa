#pragma once
// Symmetric 7-point system on a cell grid (the pressure Poisson matrix). Only "active" cells
// (liquid) carry unknowns; loops visit maximal runs ("spans") of active cells along x, so the
// cost follows the liquid, not the box. Vectors are full-grid arrays, zero on inactive cells.
#include <cstdint>
#include <vector>

#include "ripple/core/types.hpp"

namespace ripple {

struct CellSpan {
  int64_t begin;  ///< linear index of the first cell
  int32_t length;
};

struct PoissonSystem {
  Vec3i n = Vec3i::Zero();
  int64_t stride[3] = {1, 0, 0};
  std::vector<uint8_t> active;
  std::vector<double> diag;
  /// off[a][c]: coefficient between cell c and cell c + stride[a] (<= 0; 0 if either is inactive).
  std::vector<double> off[3];
  std::vector<CellSpan> spans;
  int64_t active_count = 0;

  void resize(const Vec3i& dims);
  int64_t cells() const { return static_cast<int64_t>(n.x()) * n.y() * n.z(); }
  /// Rebuilds `spans` and `active_count` from `active`.
  void build_spans();
  /// y = A x on active cells (y is zero elsewhere).
  void multiply(const std::vector<double>& x, std::vector<double>& y) const;
  /// Adds a tiny diagonal shift to every connected component that has no Dirichlet cell
  /// (pure Neumann, singular). Returns the number of such components.
  int regularize_floating_components();
};

/// Calls f(begin, end) for chunks of spans in parallel (cells [begin, end) of one span).
/// `System` is anything with a `spans` vector (PoissonSystem, the multigrid's levels).
template <class System, class F>
void for_each_span(const System& A, F&& f);

/// out[c - s] = sum over the six neighbours nb of A(c, nb) x[nb], for the cells [s, e) of one
/// span of a 7-point operator on `cells` cells with strides (1, stride[1], stride[2]), where
/// off[a][c] couples c and c + stride[a]. Spans whose neighbours all lie inside the grid take a
/// branch-free loop the compiler vectorises; off[0] is zero at the end of a grid row, so
/// reading the next row's first cell there adds nothing.
template <class T>
void stencil_neighbour_sum(const int64_t (&stride)[3], int64_t cells, const std::vector<T> (&off)[3], const T* x,
                           int64_t s, int64_t e, T* out);

/// Deterministic parallel dot product over active cells.
double dot_active(const PoissonSystem& A, const std::vector<double>& x, const std::vector<double>& y);
double max_abs_active(const PoissonSystem& A, const std::vector<double>& x);

}  // namespace ripple

#include "ripple/core/parallel.hpp"

namespace ripple {
template <class T>
void stencil_neighbour_sum(const int64_t (&stride)[3], int64_t cells, const std::vector<T> (&off)[3], const T* x,
                           int64_t s, int64_t e, T* out) {
  const int64_t sy = stride[1], sz = stride[2];
  const T *o0 = off[0].data(), *o1 = off[1].data(), *o2 = off[2].data();
  if (s - sz >= 0 && e - 1 + sz < cells) {
    for (int64_t c = s; c < e; ++c)
      out[c - s] = o0[c] * x[c + 1] + o0[c - 1] * x[c - 1] + o1[c] * x[c + sy] + o1[c - sy] * x[c - sy] +
                   o2[c] * x[c + sz] + o2[c - sz] * x[c - sz];
    return;
  }
  for (int64_t c = s; c < e; ++c) {
    T t = 0;
    for (int a = 0; a < 3; ++a) {
      if (c + stride[a] < cells) t += off[a][c] * x[c + stride[a]];
      if (c - stride[a] >= 0) t += off[a][c - stride[a]] * x[c - stride[a]];
    }
    out[c - s] = t;
  }
}

template <class System, class F>
void for_each_span(const System& A, F&& f) {
  parallel_blocks(0, static_cast<int64_t>(A.spans.size()), 64, [&](int64_t lo, int64_t hi) {
    for (int64_t s = lo; s < hi; ++s) {
      const CellSpan& sp = A.spans[static_cast<size_t>(s)];
      f(sp.begin, sp.begin + sp.length);
    }
  });
}
}  // namespace ripple
