#pragma once
// Tests step a world with a method's phase list (liquid_only_step, barrier_step, cutcell_step),
// then advance the clock as the simulation loop does. Coupler::step adds to these the stats
// figures, warnings and the non-finite checks, which end-to-end runs exercise.
#include <functional>

#include "ripple/coupling/barrier/barrier_coupler.hpp"
#include "ripple/coupling/barrier/barrier_start_checks.hpp"
#include "ripple/coupling/cutcell/cutcell_coupler.hpp"
#include "ripple/coupling/none/liquid_only_coupler.hpp"
#include "ripple/fluid/liquid_phases.hpp"
#include "ripple/coupling/coupler_factory.hpp"
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

/// Runs a coupler as the simulation loop does, substep by substep, until `seconds` (s) of
/// simulated time; `after_step` (may be empty) sees the world after each substep. Returns the
/// figures the steps recorded.
inline FrameLog run_for(World& w, Coupler& coupler, double seconds, const std::function<void(const World&)>& after_step = {}) {
  FrameLog log;
  PhaseTimings timings;
  const WarningSink warn;
  while (w.time < seconds - 1e-12) {
    // As the loop does: a world with nothing to couple steps its solids on their own.
    const bool coupled = coupler_steps(coupler, w);
    const double dt = std::min(w.has_liquid() ? coupler.stable_time_step(w) : w.scene.time.max_dt, seconds - w.time);
    if (coupled) coupler.step(w, dt, StepContext{log, timings, warn, 0});
    else if (w.lagrangian) step_free_solids(w, dt, StepContext{log, timings, warn, 0});
    w.advance_clock(dt);
    if (after_step) after_step(w);
  }
  return log;
}

/// Builds the scene's world and its coupler, runs it for `seconds` (s), and hands the world to
/// `inspect`.
inline void run_scene(const Scene& s, double seconds, const std::function<void(World&)>& inspect) {
  const auto coupler = make_coupler(s);
  World w(s);
  initialise_world(w, *coupler);
  run_for(w, *coupler, seconds);
  inspect(w);
}

}  // namespace ripple::test
