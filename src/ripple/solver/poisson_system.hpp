#pragma once
// Symmetric 7-point system on a cell grid (the pressure Poisson matrix), as assembled: full-grid
// arrays, where only "active" (liquid) cells carry unknowns. `build_layout` numbers the
// active cells compactly (`layout`); the solvers copy the coefficients into that compact
// storage and never touch the full grid.
#include <cstdint>
#include <vector>

#include "ripple/core/types.hpp"
#include "ripple/solver/compact_layout.hpp"

namespace ripple {

struct PoissonSystem {
  Vec3i n = Vec3i::Zero();
  int64_t stride[3] = {1, 0, 0};
  std::vector<uint8_t> active;
  std::vector<double> diag;
  /// off[a][c]: coefficient between cell c and cell c + stride[a] (<= 0; 0 if either is inactive).
  std::vector<double> off[3];
  CompactLayout layout;  ///< compact numbering of the active cells (after build_layout)

  void resize(const Vec3i& dims);
  int64_t cells() const { return static_cast<int64_t>(n.x()) * n.y() * n.z(); }
  /// Rebuilds `layout` from `active`.
  void build_layout() { layout.build(n, active); }
  int64_t active_count() const { return layout.size; }
  /// Adds a tiny diagonal shift to every connected component that has no Dirichlet cell
  /// (pure Neumann, singular). Returns the number of such components.
  int regularize_floating_components();
  /// The coefficients in compact storage (in precision T), over `layout`.
  template <class T>
  CompactOperator<T> compact() const;
};

template <class T>
CompactOperator<T> PoissonSystem::compact() const {
  CompactOperator<T> op;
  op.layout = &layout;
  layout.gather(diag, op.diag);
  for (int a = 0; a < 3; ++a) layout.gather(off[a], op.off[a]);
  return op;
}

}  // namespace ripple
