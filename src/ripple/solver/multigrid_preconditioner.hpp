#pragma once
// Geometric multigrid V-cycle used as a CG preconditioner (McAdams, Sifakis, Teran 2010,
// "A parallel multigrid Poisson solver for fluids simulation on large grids").
// Coarse levels are rediscretised: a coarse cell is Dirichlet (air) if any child is air,
// liquid if any child is liquid, solid otherwise (Sec. 3 of the paper); coarse face open
// fractions are child averages. Red-black Gauss-Seidel smoothing, forward before and
// reversed after the coarse correction, trilinear prolongation and its scaled transpose for
// restriction, and an exact sparse Cholesky solve on the coarsest level keep the V-cycle
// symmetric positive definite, as CG requires.
#include <array>
#include <memory>
#include <vector>

#include "ripple/grid/array3.hpp"
#include "ripple/solver/pcg.hpp"
#include "ripple/solver/periodic_coupling.hpp"

namespace ripple {

enum class CellLabel : uint8_t { Solid = 0, Liquid = 1, Air = 2 };

/// What the multigrid needs to know about the fine level besides its matrix.
struct MultigridFineLevel {
  Array3<uint8_t> labels;                   ///< CellLabel per cell
  /// Open fraction of each face (face dims); not owned, must outlive the preconditioner.
  const std::array<ScalarGrid, 3>* face_open = nullptr;
  double scale = 1.0;                       ///< fine off-diagonals are -scale * face_open
  /// Couplings across periodic sides that the fine matrix adds (bound to it; null: none). The
  /// finest level's smoother and residual include them; coarser levels see those sides closed.
  /// Each pair must join cells of opposite colour (an even cell count along a periodic axis).
  const PeriodicCoupling* periodic = nullptr;
};

class MultigridPreconditioner : public Preconditioner {
 public:
  /// Keeps references to `fine` and `info`, which must outlive the preconditioner.
  MultigridPreconditioner(const PoissonSystem& fine, const MultigridFineLevel& info, int smoothing_sweeps = 2);
  ~MultigridPreconditioner() override;
  void apply(const std::vector<double>& r, std::vector<double>& z) override;
  /// Active (liquid) cells per level, finest first; benchmarks use it for traffic estimates.
  std::vector<int64_t> active_cells_per_level() const;

 private:
  struct Level;
  struct CoarseSolver;
  void vcycle(size_t level);
  std::vector<std::unique_ptr<Level>> levels_;
  std::unique_ptr<CoarseSolver> coarse_;
  int sweeps_;
};

}  // namespace ripple
