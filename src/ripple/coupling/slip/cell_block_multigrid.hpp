#pragma once
// The preconditioner of the liquid cells' rows of the slip projection's multiplier matrix: the
// shared row multigrid (fluid/row_multigrid.hpp) whose fine level holds those rows' own 7-point
// entries and whose coarse levels rediscretise the Poisson matrix of the same liquid with every
// occluded face closed. Rows whose cell that matrix leaves out (a cell closed on all sides) get
// the inverse diagonal.
#include <memory>

#include "ripple/coupling/slip/occluded_faces.hpp"
#include "ripple/fluid/row_multigrid.hpp"

namespace ripple {

class CellBlockMultigrid {
 public:
  /// `row`: the divergence row of each liquid cell (-1 elsewhere), `cell_of_row` its inverse;
  /// those rows come first in the multiplier `matrix`, whose 7-point entries between them the
  /// fine level takes. `walls`: closed domain sides.
  /// `held`: faces whose velocity is given (null: none), closed like the occluded ones.
  /// `periodic`: axes whose seam couples cell n - 1 to cell 0 (the V-cycle's finest level too).
  CellBlockMultigrid(const GridGeometry& grid, const Array3<int32_t>& row, const OccludedFaces& occluded,
                     const WallSides& walls, const SparseMatrix& matrix, const std::vector<int64_t>& cell_of_row,
                     double density,
                     const std::array<Array3<uint8_t>, 3>* held = nullptr, const PeriodicAxes& periodic = {});
  /// z ~ (cells' block)^-1 r over the cell rows.
  void apply(const VectorX& r, VectorX& z) { multigrid_->apply(r, z); }

 private:
  std::unique_ptr<RowMultigrid> multigrid_;
};

}  // namespace ripple
