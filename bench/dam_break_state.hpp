#pragma once
// Breaking-dam states shared by the benchmarks: the geometry of the mantaflow measurement in
// ../shared/reference/validation-data.md, section 8 (1 m cube, column 0.4 x 0.6 x 1.0 of the
// domain, CFL 1), advanced to a chosen time so that solvers see a moving, splashing liquid.
#include <memory>

#include "../tests/stepping.hpp"
#include "ripple/scene/scene.hpp"

namespace ripple::bench {

struct DamBreakState {
  std::unique_ptr<Scene> scene;  // World keeps a reference: the scene must stay put
  std::unique_ptr<World> world;
  int steps_taken = 0;
};

/// A dam break at resolution^3 with `particles_per_cell`, advanced to `time` (s) with CFL
/// substeps. `preconditioner` is "mgpcg" or "mic"; `tolerance` the relative residual.
DamBreakState make_dam_break(int resolution, int particles_per_cell, double time,
                             const char* preconditioner = "mgpcg", double tolerance = 1e-6);

/// Takes one CFL substep; returns its length (s).
double step_dam_break(DamBreakState& s, PhaseTimings& timings);

}  // namespace ripple::bench
