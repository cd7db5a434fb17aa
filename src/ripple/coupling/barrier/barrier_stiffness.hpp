#pragma once
// The solid-liquid barrier's stiffness kappa (Liu et al. 2025, Eq. 18): the scene's, or
// automatic: the liquid's mass in a cell, doubled whenever a gap closes below dhat / 10, up
// to kStiffnessGrowthCap times its start (IPC's adaptive stiffness, for the liquid barrier).
#include "ripple/coupling/barrier/barrier_settings.hpp"

namespace ripple {

inline constexpr double kStiffnessGrowthCap = 1e4;

/// kappa at the first step (kg).
double initial_barrier_stiffness(const BarrierSettings& settings, const Scene& scene);

/// kappa for the next step (kg) after a step whose smallest solid-liquid gap was min_gap (m).
double adapted_barrier_stiffness(double stiffness, double min_gap, const BarrierSettings& settings, const Scene& scene);

}  // namespace ripple
