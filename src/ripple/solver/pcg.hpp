#pragma once
// Preconditioned conjugate gradients on a PoissonSystem, run in its compact storage.
#include <string>
#include <vector>

#include "ripple/solver/poisson_system.hpp"

namespace ripple {

class Preconditioner {
 public:
  virtual ~Preconditioner() = default;
  /// z = M^{-1} r on compact vectors of the system's layout (length `layout.padded`; the pad
  /// of z must stay zero). Must be symmetric positive definite.
  virtual void apply(const std::vector<double>& r, std::vector<double>& z) = 0;
};

struct PcgResult {
  int iterations = 0;
  double relative_residual = 0.0;  ///< ||b - A x||_inf / ||b||_inf
  bool converged = false;
};

/// Solves A x = b to a relative infinity-norm residual `tolerance`, starting from x. Compact
/// vectors of A's layout.
PcgResult pcg_solve(const CompactOperator<double>& A, const std::vector<double>& b, std::vector<double>& x,
                    Preconditioner* M, double tolerance, int max_iterations);

/// The same on full-grid vectors (zero on inactive cells): gathers, solves, scatters x back.
PcgResult pcg_solve(const PoissonSystem& A, const std::vector<double>& b, std::vector<double>& x,
                    Preconditioner* M, double tolerance, int max_iterations);

}  // namespace ripple
