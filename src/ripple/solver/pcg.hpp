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

/// A symmetric positive semi-definite term added to a CompactOperator's matrix, applied
/// matrix-free (e.g. solid masses coupled to the pressures through closed faces).
class CompactTerm {
 public:
  virtual ~CompactTerm() = default;
  /// Called before a solve on A (its active cells and layout as assembled).
  virtual void bind(const PoissonSystem& A) = 0;
  /// y += K x on compact vectors of the bound system's layout.
  virtual void add_product(const std::vector<double>& x, std::vector<double>& y) const = 0;
};

struct PcgResult {
  int iterations = 0;
  double relative_residual = 0.0;  ///< ||b - A x||_inf / ||b||_inf
  bool converged = false;
};

/// Solves (A + K) x = b to a relative infinity-norm residual `tolerance`, starting from x;
/// K is `extra` (none when null; bound to A by the full-grid variant). Compact vectors of A's layout.
PcgResult pcg_solve(const CompactOperator<double>& A, const std::vector<double>& b, std::vector<double>& x,
                    Preconditioner* M, double tolerance, int max_iterations, CompactTerm* extra = nullptr);

/// The same on full-grid vectors (zero on inactive cells): gathers, solves, scatters x back.
PcgResult pcg_solve(const PoissonSystem& A, const std::vector<double>& b, std::vector<double>& x,
                    Preconditioner* M, double tolerance, int max_iterations, CompactTerm* extra = nullptr);

}  // namespace ripple
