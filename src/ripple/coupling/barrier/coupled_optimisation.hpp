#pragma once
// The constrained optimisation at the heart of the barrier method (Liu et al. 2025, Eq. 22,
// Algorithm 1): over the solids' coordinates and the narrow-band level-set values at once,
// minimise the solids' incremental potential (inertia, elasticity, damping, solid contact,
// friction: SolidStepProblem) + the liquid inertia (Eq. 10, 13) + the solid-liquid barrier
// (Eq. 18-21), subject to one volume constraint per liquid component (Eq. 11), by Newton on
// the KKT system with the CCD-filtered line search (Sec. 4.3.4-4.3.5). Starts from the
// previous, penetration-free configuration (x^n, phi^n).
#include "ripple/contact/level_set_distance.hpp"
#include "ripple/coupling/barrier/barrier_points.hpp"
#include "ripple/coupling/barrier/narrow_band.hpp"
#include "ripple/solid/solid_step.hpp"

namespace ripple {

struct BarrierCouplingSettings {
  LevelSetInterpolation interpolation = LevelSetInterpolation::quadratic;
  double dhat = 0.0;              ///< m, solid-liquid barrier activation distance
  double stiffness = 0.0;         ///< kappa of the solid-liquid barrier (kg, times b in m^2)
  double sharpness = 0.0;         ///< k of the smoothed Heaviside (1/m)
  double liquid_density = 1000.0; ///< kg/m^3
  double air_density = 1.0;       ///< kg/m^3
  double volume_tolerance = 1e-6; ///< relative to each component's target
  std::vector<BarrierPoint> points;  ///< where the solids feel the liquid (barrier_points)
  int max_iterations = 0;         ///< Newton cap (0: the solids' setting)
  bool line_search = true;        ///< backtracking on the merit function
  double min_tolerance = 0.0;     ///< m/s: floor of the Newton tolerance (the solids' is 0 without solids)
  bool trace = false;             ///< print every Newton iteration to stderr
  bool volume_constraint = true;  ///< impose Eq. 11 per component
  double level_set_tolerance = 1e-3;  ///< converged once no level-set value changes by more than this many cells
  bool barrier_gradient = false;  ///< return the barrier's gradient at the solution (the two-way projection's)
};

struct CoupledResult {
  NewtonResult newton;
  double min_gap = 0.0;  ///< smallest solid-liquid gap at the solution (m)
  int unknowns = 0;      ///< level-set unknowns
  std::vector<int> contacting;  ///< vertices of the barrier points within dhat of the liquid at the solution
  int start_repairs = 0;        ///< barrier points whose starting gap had to be raised (make_feasible)
  int stencil_repairs = 0;      ///< linear stencils re-taken during the solve (LiquidBarrierForm::max_step)
  int start_infeasible = 0;     ///< barrier points that start inside the liquid with no unknown to raise
  /// With settings.barrier_gradient: the liquid barrier's gradient over the solids'
  /// coordinates at the solution (kg m); its impulse on the solids is -gradient / dt.
  VectorX barrier_gradient;
};

/// Runs the optimisation. `band` holds phi* (the predicted level set), its unknowns and the
/// components with their targets set; `phi_start` is phi^n, the start of the unknowns.
/// On return `z` (the solids' coordinates, in: x^n) and `phi` (out: phi^{n+1}, phi* outside
/// the band) hold the solution; the caller passes z to solids.finish.
CoupledResult optimise_coupled(const SolidModel& model, SolidStepProblem& solids, const NarrowBand& band,
                               const ScalarGrid& phi_start, const BarrierCouplingSettings& settings, VectorX& z,
                               ScalarGrid& phi);

}  // namespace ripple
