#pragma once
// coupling.method = "none": the liquid advances alone; obstacles are prescribed (static or
// kinematic) cut-cell boundaries, and the Lagrangian solids step on their own first (they do
// not feel the liquid, nor it them).
#include "ripple/coupling/coupler.hpp"

namespace ripple {

/// What one liquid-only substep reports.
struct LiquidStepReport {
  int pressure_iterations = 0;
  double pressure_residual = 0.0;
  bool pressure_converged = true;
  int separation_rounds = 0;       ///< extra pressure solves for separating walls
  int64_t released_cells = 0;      ///< wall cells where the liquid separates
  int64_t particles_removed = 0;
};

/// The liquid's phases by themselves (fluid/liquid_phases.hpp around the pressure projection);
/// does not advance the clock.
LiquidStepReport liquid_only_step(LiquidWorld& world, double dt, PhaseTimings& timings);

class LiquidOnlyCoupler final : public Coupler {
 public:
  std::string name() const override { return "none"; }
  void step(World& world, double dt, const StepContext& ctx) override;
};

}  // namespace ripple
