#include "ripple/coupling/cutcell/coupling_matrix.hpp"

namespace ripple {

SparseMatrix coupling_matrix(const std::vector<SurfacePiece>& pieces, const CoupledSolids& cs, const SolidModel& model,
                             const VectorX& z, const std::vector<int64_t>& cell_row, int64_t rows) {
  std::vector<Triplet> t;
  t.reserve(pieces.size() * 18);
  for (const SurfacePiece& p : pieces) {
    const int64_t row = cell_row[p.cell];
    if (row < 0) continue;
    const auto& tri = cs.surface[p.triangle];
    for (int k = 0; k < 3; ++k)
      add_vertex_row(cs, model, z, tri[k], p.area * p.barycentric[k] * p.normal, static_cast<int>(row), t);
  }
  SparseMatrix J(rows, cs.num_dofs);
  J.setFromTriplets(t.begin(), t.end());  // sums the pieces of each cell
  return J;
}

}  // namespace ripple
