// Zarifi & Batty 2017, Sec. 8 "Stability Assessment" (issue 5's validation): a light beam
// (10 kg/m^3, 100 kPa) hanging in a 35^3 dam break under three times Earth's gravity with
// large steps (cfl 3; scenes/cutcell/stability_beam.json). With the solid's mass, damping and
// elasticity in the projection (strong coupling) it runs through 0.45 s with bounded energy;
// weak (alternating) coupling feeds the lagged pressure back into the light body (the added-
// mass instability) and fails; elastic forces taken explicitly (damping only coupled) fail
// within the first steps. Failure: a SimulationError (inverted tetrahedra or non-finite state)
// or the beam's kinetic energy 20x the strong run's largest.
#include <gtest/gtest.h>

#include <cstdio>

#include "../test_support.hpp"
#include "ripple/core/errors.hpp"

#include "../stepping.hpp"
#include "ripple/sim/scene_input.hpp"
#include "ripple/solid/solid_step.hpp"

using namespace ripple;

namespace {

struct StabilityRun {
  double failed_at = -1.0;   ///< s, or -1 when it ran through
  double max_energy = 0.0;   ///< J, the beam's kinetic energy
};

StabilityRun run(const std::string& scheme) {
  const Scene s = load_scene_file(std::string(RIPPLE_SOURCE_DIR) + "/scenes/cutcell/stability_beam.json",
                                  {{"/coupling/cutcell/scheme", "\"" + scheme + "\""}, {"/output/preview/enabled", "false"}});
  World w(s);
  CutCellCoupler c(cutcell_settings(s));
  initialise_world(w, c);
  PhaseTimings timings;
  StabilityRun out;
  try {
    while (w.time < 0.45 - 1e-9) {
      test::step(w, c, std::min(c.stable_time_step(w), 0.45 - w.time), timings);
      out.max_energy = std::max(out.max_energy, solid_kinetic_energy(w.lagrangian->model, w.lagrangian->state));
    }
  } catch (const SimulationError&) {
    out.failed_at = w.time;
  }
  return out;
}

}  // namespace

TEST(ValidationCutCellStability, StrongCouplingSurvivesWhereWeakAndDampingOnlyFail) {
  const StabilityRun strong = run("strong"), weak = run("weak"), damping = run("damping_only");
  std::printf("strong: %s, max beam kinetic energy %.3g J; weak: %s at %.3f s, max %.3g J; damping only: %s at %.3f s\n",
              strong.failed_at < 0 ? "ran through" : "failed", strong.max_energy, weak.failed_at < 0 ? "ran" : "failed",
              weak.failed_at, weak.max_energy, damping.failed_at < 0 ? "ran" : "failed", damping.failed_at);
  EXPECT_LT(strong.failed_at, 0.0);
  EXPECT_TRUE(weak.failed_at >= 0.0 || weak.max_energy > 20 * strong.max_energy);
  EXPECT_TRUE(damping.failed_at >= 0.0 || damping.max_energy > 20 * strong.max_energy);
}
