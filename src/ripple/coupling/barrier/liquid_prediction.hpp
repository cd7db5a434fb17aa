#pragma once
// The liquid's position prediction of the barrier method (Liu et al. 2025, Algorithm 2 lines
// 1-4): gravity and viscosity, semi-implicit surface tension in the narrow band (Eq. 8), a
// first projection on phi^n, then semi-Lagrangian advection of the velocity (u*) and of the
// level set (phi*). liquid.phi keeps phi^n (the optimisation starts from it).
#include "ripple/core/phase_timer.hpp"
#include "ripple/coupling/barrier/barrier_settings.hpp"
#include "ripple/world/world.hpp"

namespace ripple {

struct LiquidPrediction {
  ScalarGrid phi;  ///< phi* (m, negative in the liquid)
  int pressure_iterations = 0;
  double pressure_residual = 0.0;
  bool pressure_converged = true;
  int surface_tension_iterations = 0;
};

/// Advances world.liquid.velocity to u* and returns phi*.
LiquidPrediction predict_liquid(World& world, const BarrierSettings& settings, double dt, PhaseTimings& timings);

}  // namespace ripple
