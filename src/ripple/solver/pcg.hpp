#pragma once
// Preconditioned conjugate gradients on a PoissonSystem.
#include <string>
#include <vector>

#include "ripple/solver/poisson_system.hpp"

namespace ripple {

class Preconditioner {
 public:
  virtual ~Preconditioner() = default;
  /// z = M^{-1} r on active cells. Must be symmetric positive definite.
  virtual void apply(const std::vector<double>& r, std::vector<double>& z) = 0;
};

struct PcgResult {
  int iterations = 0;
  double relative_residual = 0.0;  ///< ||b - A x||_inf / ||b||_inf
  bool converged = false;
};

/// Solves A x = b to a relative infinity-norm residual `tolerance`, starting from x.
PcgResult pcg_solve(const PoissonSystem& A, const std::vector<double>& b, std::vector<double>& x,
                    Preconditioner* M, double tolerance, int max_iterations);

}  // namespace ripple
