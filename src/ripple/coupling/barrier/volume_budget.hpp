#pragma once
// Where the liquid's volume inside its surface (grid/level_set_volume) changed during a barrier
// step, phase by phase (m^3): the constraint holds the smoothed volume (Eq. 11), and these show
// what that leaves of the true one.
#include "ripple/core/phase_timer.hpp"
#include "ripple/grid/level_set_volume.hpp"

namespace ripple {

struct VolumeBudget {
  double advection = 0.0;       ///< phi^n -> phi* (forces, first projection, semi-Lagrangian advection)
  double optimisation = 0.0;    ///< phi* -> the optimised level set (Eq. 22)
  double volume_control = 0.0;  ///< the volume control's move (volume_measure "sharp"; volume_control.hpp)
  double redistance = 0.0;      ///< -> phi^{n+1}
};

/// The volume inside phi's surface (m^3), timed as the budget's own cost.
inline double budget_volume(const ScalarGrid& phi, const GridGeometry& grid, PhaseTimings& timings) {
  ScopedPhase t(timings, "volume_budget");
  return liquid_volume(phi, grid);
}

}  // namespace ripple
