#pragma once
// The coupled optimisation's settings for one barrier step (Liu et al. 2025, Eq. 22) from the
// scene's coupling.barrier block, the current stiffness kappa and the solids' barrier points.
#include "ripple/coupling/barrier/barrier_state.hpp"
#include "ripple/coupling/barrier/coupled_optimisation.hpp"
#include "ripple/scene/scene.hpp"

namespace ripple {

/// `barrier_gradient` asks the optimisation for the barrier's gradient at its solution (the
/// two-way final projection needs it).
BarrierCouplingSettings optimisation_settings(const BarrierCouplingState& state, const Scene& scene,
                                              std::vector<BarrierPoint> points, bool barrier_gradient);

}  // namespace ripple
