#pragma once
// The liquid block's preconditioner for CG on the SPD form (coupled_system.hpp): the multigrid
// V-cycle of the liquid's own projection (solver/multigrid_preconditioner) on the Poisson
// matrix A_ff / dx^3, with the diagonal J Z1^-1 J^T adds to A_11 put on its finest level.
#include <memory>
#include <vector>

#include "ripple/coupling/cutcell/coupled_system.hpp"
#include "ripple/fluid/pressure_projection.hpp"
#include "ripple/solver/multigrid_preconditioner.hpp"

namespace ripple {

class LiquidBlockMultigrid {
 public:
  /// `system`: the assembled liquid system whose active cells are the fluid rows, numbered by
  /// `cell_row` (#cells, -1 off the rows); dx in m. All three must outlive this object.
  LiquidBlockMultigrid(const PressureSystem& system, const std::vector<int64_t>& cell_row, double dx)
      : system_(system), cell_row_(cell_row), dx3_(dx * dx * dx) {}
  /// For CoupledSystemSettings::fluid_preconditioner; the returned functions use this object.
  std::function<std::function<void(const VectorX&, VectorX&)>(const VectorX&)> factory();

 private:
  const PressureSystem& system_;
  const std::vector<int64_t>& cell_row_;
  double dx3_;
  PoissonSystem shifted_;
  std::unique_ptr<MultigridPreconditioner> multigrid_;
  std::vector<double> r_pad_, z_pad_;
};

}  // namespace ripple
