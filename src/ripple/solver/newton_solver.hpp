#pragma once
// Projected Newton on a sum of forms (IPC, Li et al. 2020, Algorithm 1): solve with the
// PSD-projected Hessian, clamp the step to the largest safe fraction the forms allow (CCD),
// backtrack until the objective decreases, stop when the step's largest vertex motion over
// dt is below a velocity tolerance.
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
  double dt = 1.0;          ///< s, for the tolerance
  LinearSolverKind linear_solver = LinearSolverKind::cholmod;
  bool line_search = true;  ///< backtrack until the objective decreases; false: take the CCD-filtered step
  bool trace = false;  ///< print every iteration to stderr (debugging)
};

struct NewtonResult {
  bool converged = false;
  int iterations = 0;
  int line_search_steps = 0;  ///< halvings over all iterations
  double final_step = 0.0;    ///< last max vertex step / dt (m/s)
  std::string linear_solver;  ///< "cholmod" or "pcg"
  double time_assembly = 0.0, time_solve = 0.0, time_ccd = 0.0, time_line_search = 0.0;  ///< s
};

/// Minimises the sum of `forms` over z, starting from z. Coordinates flagged in `fixed`
/// do not move. `step_size(dz)` measures a step in metres (largest vertex motion).
NewtonResult newton_minimise(const std::vector<Form*>& forms, const std::vector<uint8_t>& fixed,
                             const std::function<double(const VectorX&)>& step_size, const NewtonSettings& settings,
                             VectorX& z);

/// The same subject to equality constraints c(z) = 0 (Liu et al. 2025, Eq. 12): each step
/// solves the KKT system with the PSD-projected Hessian of the forms; the line search
/// decreases an exact penalty; convergence also needs every |c_i| within its tolerance.
NewtonResult newton_minimise(const std::vector<Form*>& forms, const std::vector<EqualityConstraint*>& constraints,
                             const std::vector<uint8_t>& fixed, const std::function<double(const VectorX&)>& step_size,
                             const NewtonSettings& settings, VectorX& z);

}  // namespace ripple
