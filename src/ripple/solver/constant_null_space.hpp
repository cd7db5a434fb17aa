#pragma once
// Pressure systems with a region that no Dirichlet cell bounds (a gas closed but for periodic
// sides) are singular: constants on that region are their null space. regularize_floating_
// components shifts the diagonal by 1e-9 relative, but with the seam couplings of periodic sides
// the single-precision V-cycle then feeds rounding noise into that near-null mode, and CG stalls
// near a relative residual of 1e-6. Projecting the preconditioned residual onto zero mean over
// each such region (P M^-1 P, still symmetric and positive on the rest) keeps CG off it.
#include <memory>
#include <vector>

#include "ripple/solver/pcg.hpp"
#include "ripple/solver/periodic_coupling.hpp"

namespace ripple {

/// The floating regions of A plus `seam` (null: none; bound to A), connected through both:
/// per compact cell of A's layout its region's number, or -1 where a Dirichlet cell bounds it.
/// `count` receives the number of regions.
std::vector<int32_t> floating_regions(const PoissonSystem& A, const PeriodicCoupling* seam, int& count);

class ConstantNullSpace : public Preconditioner {
 public:
  /// `region`: per compact cell, from floating_regions.
  ConstantNullSpace(std::unique_ptr<Preconditioner> inner, std::vector<int32_t> region, int count);
  void apply(const std::vector<double>& r, std::vector<double>& z) override;

 private:
  std::unique_ptr<Preconditioner> inner_;
  std::vector<int32_t> region_;
  std::vector<double> size_;
};

}  // namespace ripple
