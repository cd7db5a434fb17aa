#pragma once
// Projected Newton on a sum of forms (IPC, Li et al. 2020, Algorithm 1): solve with the
// PSD-projected Hessian, clamp the step to the largest safe fraction the forms allow (CCD),
// backtrack until the objective decreases, stop when the step's largest vertex motion over
// dt is below a velocity tolerance and, where the caller measures it, the unbalanced force
// per unit mass is below an acceleration tolerance. The step test alone is not enough where a
// form is much stiffer near z than along the path to the minimiser: the smoothed static
// friction (IPC, Eq. 15) makes the first step of a body at rest at most eps_v dt / 2 long, so
// a step test declares a sliding body stuck.
#include <functional>
#include <memory>
#include <vector>

#include "ripple/solver/equality_constraint.hpp"
#include "ripple/solver/form.hpp"
#include "ripple/solver/sparse_spd_solver.hpp"

namespace ripple {

struct NewtonSettings {
  int max_iterations = 100;
  double tolerance = 1e-4;  ///< stop when max vertex step / dt < tolerance (m/s)
  double residual_tolerance = 0.0;  ///< m/s^2: also stop only when residual_size(g) / dt^2 is below this; 0: no residual test
  double dt = 1.0;          ///< s, for the tolerances
  LinearSolverKind linear_solver = LinearSolverKind::cholmod;
  bool line_search = true;  ///< backtrack until the objective decreases; false: take the CCD-filtered step
  bool trace = false;  ///< print every iteration to stderr (debugging)
};

struct NewtonResult {
  bool converged = false;
  int iterations = 0;
  int line_search_steps = 0;  ///< halvings over all iterations
  double final_step = 0.0;    ///< last max vertex step / dt (m/s)
  double final_residual = 0.0;  ///< last residual_size(g) / dt^2 (m/s^2), 0 without a residual measure
  std::string linear_solver;  ///< "cholmod" or "pcg"
  double time_assembly = 0.0, time_solve = 0.0, time_ccd = 0.0, time_line_search = 0.0;  ///< s
};

/// Adds a further solve of the same step to `total`: counts and times summed, the state
/// (converged, final step and residual, solver) from `next`.
void accumulate(NewtonResult& total, const NewtonResult& next);

/// How a solve measures its progress, both in metres of vertex motion: `step_size(dz)` the
/// largest vertex motion of a step; `residual_size(g)` (optional) the largest vertex motion
/// M^-1 g that the unbalanced force g / dt^2 would cause over dt^2 with only inertia resisting
/// (so residual_size / dt^2 is an acceleration).
struct NewtonMeasures {
  std::function<double(const VectorX&)> step_size;
  std::function<double(const VectorX&)> residual_size;
};

/// Minimises the sum of `forms` over z, starting from z. Coordinates flagged in `fixed`
/// do not move.
NewtonResult newton_minimise(const std::vector<Form*>& forms, const std::vector<uint8_t>& fixed,
                             const NewtonMeasures& measures, const NewtonSettings& settings, VectorX& z);

/// The same subject to equality constraints c(z) = 0 (Liu et al. 2025, Eq. 12): each step
/// solves the KKT system with the PSD-projected Hessian of the forms; the line search
/// decreases an exact penalty; convergence also needs every |c_i| within its tolerance.
NewtonResult newton_minimise(const std::vector<Form*>& forms, const std::vector<EqualityConstraint*>& constraints,
                             const std::vector<uint8_t>& fixed, const NewtonMeasures& measures,
                             const NewtonSettings& settings, VectorX& z);

}  // namespace ripple
