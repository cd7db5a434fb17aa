#pragma once
// A term of an objective minimised by Newton's method (after polyfem's "forms"): value,
// gradient and PSD Hessian over the solver coordinates z, plus hooks for the line search
// (largest safe step, e.g. from CCD) and for state that is refreshed once per iteration
// (contact pairs, barrier stiffness, lagged friction).
#include <Eigen/SparseCore>
#include <string>
#include <vector>

#include "ripple/core/types.hpp"

namespace ripple {

using Triplet = Eigen::Triplet<double>;
using SparseMatrix = Eigen::SparseMatrix<double>;

class Form {
 public:
  virtual ~Form() = default;
  virtual std::string name() const = 0;
  virtual double value(const VectorX& z) const = 0;
  /// Adds the gradient, and the PSD-projected Hessian's entries when `hessian` is not null.
  virtual void add_derivatives(const VectorX& z, VectorX& gradient, std::vector<Triplet>* hessian) const = 0;
  /// True when the (row, col) sequence of the Hessian entries this form adds is the same at
  /// every z (element energies, inertia), so the assembly can reuse a slot map.
  virtual bool fixed_hessian_pattern() const { return false; }
  /// Largest fraction of the step z -> z + dz this term allows (1 = the whole step).
  virtual double max_step(const VectorX& z, const VectorX& dz) { return 1.0; }
  /// Called at the start of every Newton iteration, at the current iterate.
  virtual void begin_iteration(const VectorX& z) {}
  /// Called after the iterate moved.
  virtual void end_iteration(const VectorX& z) {}
};

}  // namespace ripple
