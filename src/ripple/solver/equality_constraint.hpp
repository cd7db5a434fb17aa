#pragma once
// Equality constraints c(z) = 0 for Newton's method on the KKT system (Liu et al. 2025,
// Eq. 12): a few rows (one per liquid component's volume), each with a sparse gradient.
// Their curvature is left out of the Newton matrix, as in the paper (adding lambda Hess c was
// measured to cost iterations: docs/performance.md).
#include <Eigen/SparseCore>
#include <vector>

#include "ripple/core/types.hpp"

namespace ripple {

class EqualityConstraint {
 public:
  virtual ~EqualityConstraint() = default;
  /// Number of scalar constraints.
  virtual int count() const = 0;
  /// Values c(z) (`count()` entries) and, when `jacobian` is not null, their gradients.
  virtual void evaluate(const VectorX& z, VectorX& values, std::vector<Eigen::SparseVector<double>>* jacobian) const = 0;
  /// |c_i| below which row i counts as met (its units).
  virtual double tolerance(int i) const = 0;
};

}  // namespace ripple
