#pragma once
// Preconditioned conjugate gradients on Eigen vectors, with the operator and the preconditioner
// given as functions: for systems applied partly without being formed (low-rank terms, inverse
// factors) and for block preconditioners. Both must be symmetric positive definite.
#include <functional>

#include "ripple/core/types.hpp"

namespace ripple {

using LinearMap = std::function<void(const VectorX& in, VectorX& out)>;

struct OperatorPcgResult {
  int iterations = 0;
  double residual = 0.0;  ///< ||b - A x|| / ||b|| (2-norm)
  bool converged = false;
};

/// Solves A x = b to `tolerance` from the guess in x (b = 0: x = 0).
OperatorPcgResult operator_pcg(const LinearMap& apply, const LinearMap& precondition, const VectorX& b, VectorX& x,
                               double tolerance, int max_iterations);

}  // namespace ripple
