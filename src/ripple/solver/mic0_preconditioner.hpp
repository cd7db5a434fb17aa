#pragma once
// Modified incomplete Cholesky, MIC(0), for the 7-point system (Bridson, "Fluid Simulation for
// Computer Graphics", 2nd ed., Sec. 5.4), tuning 0.97 and safety 0.25, in compact storage.
// The triangular solves are inherently sequential.
#include "ripple/solver/pcg.hpp"

namespace ripple {

class Mic0Preconditioner : public Preconditioner {
 public:
  /// Keeps a reference to A's layout: A must outlive the preconditioner.
  explicit Mic0Preconditioner(const PoissonSystem& A, double tuning = 0.97, double safety = 0.25);
  void apply(const std::vector<double>& r, std::vector<double>& z) override;

 private:
  CompactOperator<double> A_;
  std::vector<double> inv_diag_;  ///< 1 / E_ii (zero on the pad)
  std::vector<double> q_;
};

}  // namespace ripple
