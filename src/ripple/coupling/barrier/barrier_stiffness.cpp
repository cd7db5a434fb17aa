#include "ripple/coupling/barrier/barrier_stiffness.hpp"

namespace ripple {

double initial_barrier_stiffness(const BarrierSettings& b, const Scene& s) {
  const double dx = s.grid.dx;
  return b.stiffness > 0.0 ? b.stiffness : s.fluid.density * dx * dx * dx;
}

double adapted_barrier_stiffness(double stiffness, double min_gap, const BarrierSettings& b, const Scene& s) {
  const double dhat = barrier_scales(b, s.grid.dx).dhat;
  if (b.stiffness <= 0.0 && min_gap < 0.1 * dhat && stiffness < kStiffnessGrowthCap * initial_barrier_stiffness(b, s))
    return 2.0 * stiffness;
  return stiffness;
}

}  // namespace ripple
