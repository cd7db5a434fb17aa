#pragma once
// coupling.cutcell: the settings of the cut-cell method (Zarifi & Batty 2017), their schema
// and their parsing from the scene, with the checks that the scene's solids are ones it couples.
#include "ripple/scene/scene.hpp"
#include "ripple/scene/schema.hpp"

namespace ripple {

/// Which form of the coupled projection is solved.
enum class CutCellFormulation { spd, indefinite };
enum class IndefiniteSolver { bicgstab, minres };
/// How much of the solid's dynamics the projection solves with the pressures (Sec. 8,
/// "Stability Assessment"): all of it (the paper's method), damping only (elastic forces
/// explicit), or none (weak: the solid first under last step's pressure, then the liquid).
enum class CutCellScheme { strong, damping_only, weak };
/// The scene's spellings of `preconditioner`, `scaling` and `slip`.
enum class CutCellPreconditioner { multigrid, incomplete_cholesky };
enum class CutCellScaling { automatic, fixed };
enum class CutCellSlip { free, no_slip };

struct CutCellSettings {
  CutCellFormulation formulation = CutCellFormulation::spd;  ///< Eq. 33 (CG) or Eq. 19
  IndefiniteSolver indefinite_solver = IndefiniteSolver::bicgstab;
  double sigma = 0.9;       ///< Z1 = sigma (1/dt + tau_m) M, Eq. 30
  double alpha = 0.0;       ///< solid-row scaling of Eq. 33; 0 = automatic (||b_1|| / ||b_2||)
  double tolerance = 1e-8;  ///< relative residual (2-norm) of the coupled solve
  int max_iterations = 5000;
  bool no_slip = false;     ///< comparison variant: the liquid takes the bodies' full velocity in cut cells
  CutCellScheme scheme = CutCellScheme::strong;
  bool multigrid = true;    ///< SPD form: block preconditioner with multigrid on the liquid (else IC)
};

/// The schema of the coupling.cutcell block.
SchemaNode cutcell_settings_schema();

/// The settings of a validated scene (its resolved coupling.cutcell block), checked against
/// the scene's solids: throws InputError naming the solid and key the method cannot couple.
CutCellSettings cutcell_settings(const Scene& scene);

}  // namespace ripple
