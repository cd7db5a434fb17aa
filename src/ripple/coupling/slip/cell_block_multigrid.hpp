#pragma once
// The preconditioner of the liquid cells' rows of the slip projection's multiplier matrix: the
// multigrid V-cycle of ripple's own pressure projection (solver/multigrid_preconditioner) whose
// fine level holds those rows' own 7-point entries and whose coarse levels rediscretise the
// Poisson matrix of the same liquid with every occluded face closed, scaled to the rows' units.
// Rows whose cell that matrix leaves out (a cell closed on all sides) get the inverse diagonal.
// Nothing of the Poisson matrix is assembled: its fine level is the rows' own entries.
#include <memory>

#include "ripple/coupling/slip/occluded_faces.hpp"
#include "ripple/fluid/pressure_projection.hpp"
#include "ripple/solver/multigrid_preconditioner.hpp"

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
  void apply(const VectorX& r, VectorX& z);

 private:
  const Array3<int32_t>& row_;
  std::array<ScalarGrid, 3> face_open_;  ///< open fractions the V-cycle's coarse levels rediscretise
  PressureSystem system_;
  std::unique_ptr<MultigridPreconditioner> multigrid_;
  double scale_ = 1.0;            ///< rows' units over the Poisson matrix's
  VectorX inverse_diagonal_;      ///< for rows outside the Poisson matrix
  std::vector<int64_t> compact_;  ///< row -> compact index, -1 when outside
  std::vector<double> r_pad_, z_pad_;
};

}  // namespace ripple
