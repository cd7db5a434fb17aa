#include "ripple/coupling/barrier/optimisation_settings.hpp"

namespace ripple {

BarrierCouplingSettings optimisation_settings(const BarrierCouplingState& st, const Scene& s,
                                              std::vector<BarrierPoint> points, bool barrier_gradient) {
  const BarrierSettings& b = st.settings;
  const BarrierScales sc = barrier_scales(b, s.grid.dx);
  BarrierCouplingSettings cs;
  cs.interpolation = b.interpolation;
  cs.dhat = sc.dhat;
  cs.stiffness = st.stiffness;
  cs.sharpness = sc.k;
  cs.liquid_density = s.fluid.density;
  cs.air_density = b.air_density;
  cs.volume_tolerance = b.volume_tolerance;
  cs.points = std::move(points);
  cs.max_iterations = b.max_iterations;
  cs.line_search = b.line_search;
  cs.trace = b.trace;
  cs.volume_constraint = b.volume_constraint;
  cs.min_tolerance = 1e-3 * (s.grid.upper() - s.grid.origin).norm();  // 0.1 % of the domain per second
  cs.barrier_gradient = barrier_gradient;
  return cs;
}

}  // namespace ripple
