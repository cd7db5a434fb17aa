#pragma once
// Tests step a world with a method's phase list (liquid_only_step, barrier_step, cutcell_step),
// then advance the clock as the simulation loop does. Coupler::step adds to these the stats
// figures, warnings and the non-finite checks, which end-to-end runs exercise.
#include "ripple/coupling/barrier/barrier_coupler.hpp"
#include "ripple/coupling/barrier/barrier_start_checks.hpp"
#include "ripple/coupling/cutcell/cutcell_coupler.hpp"
#include "ripple/coupling/none/liquid_only_coupler.hpp"
#include "ripple/fluid/liquid_phases.hpp"
#include "ripple/sim/world_setup.hpp"

namespace ripple::test {

/// A liquid-only step (coupling "none"; Lagrangian solids, if any, are not stepped).
inline LiquidStepReport step(LiquidWorld& w, double dt, PhaseTimings& timings) {
  const LiquidStepReport r = liquid_only_step(w, dt, timings);
  w.advance_clock(dt);
  return r;
}

inline BarrierStepReport step(World& w, BarrierCoupler& method, double dt, PhaseTimings& timings) {
  const BarrierStepReport r = barrier_step(w, method.state, dt, timings);
  w.advance_clock(dt);
  return r;
}

inline CutCellStepReport step(World& w, CutCellCoupler& method, double dt, PhaseTimings& timings) {
  const CutCellStepReport r = cutcell_step(w, method.state, dt, timings);
  w.advance_clock(dt);
  return r;
}

/// The liquid's stable step with every explicit limit (methods "none" and "cutcell").
inline double stable_dt(const LiquidWorld& w) { return stable_liquid_time_step(w, true); }

}  // namespace ripple::test
