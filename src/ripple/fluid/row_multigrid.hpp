#pragma once
// A multigrid V-cycle (solver/multigrid_preconditioner, McAdams et al. 2010) as the
// preconditioner of the liquid cells' rows of a coupled system (a multiplier matrix whose other
// rows, for constraints or contacts, it leaves to their diagonal): its coarse levels
// rediscretise the Poisson matrix of the same liquid over given face fractions, and its fine
// level takes the rows' own 7-point entries from the matrix when one is given (otherwise the
// Poisson matrix's). Shared by the slip and the monolith couplings.
#include <memory>

#include "ripple/fluid/pressure_projection.hpp"
#include "ripple/solver/form.hpp"
#include "ripple/solver/multigrid_preconditioner.hpp"

namespace ripple {

class RowMultigrid {
 public:
  /// `row`: each liquid cell's row (-1 elsewhere), `cell_of_row` its inverse; those rows come
  /// first in the system. `face_open` (kept): the fractions the levels rediscretise, 0 on
  /// closed walls. `units`: the rows' units over the Poisson matrix's (entries 1 / (rho dx^2)
  /// per unit fraction). `matrix` (may be null): the system, whose 7-point entries between
  /// those rows the fine level takes; `diagonal` its diagonal over every row (without a matrix,
  /// the fine level's diagonal; and for the rows the V-cycle leaves out, a cell with every face
  /// closed, the preconditioner).
  RowMultigrid(const GridGeometry& grid, const Array3<int32_t>& row, std::array<ScalarGrid, 3> face_open,
               double density, double units, const SparseMatrix* matrix, const std::vector<int64_t>& cell_of_row,
               const VectorX& diagonal, const PeriodicAxes& periodic = {});
  /// z ~ (cells' block)^-1 r over the cell rows (r and z hold the cells' rows only).
  void apply(const VectorX& r, VectorX& z);

 private:
  const Array3<int32_t>& row_;
  std::array<ScalarGrid, 3> face_open_;
  PressureSystem system_;
  std::unique_ptr<MultigridPreconditioner> multigrid_;
  double units_ = 1.0;
  VectorX inverse_diagonal_;      ///< for rows outside the Poisson matrix
  std::vector<int64_t> compact_;  ///< row -> compact index, -1 when outside
  std::vector<double> r_pad_, z_pad_;
};

}  // namespace ripple
