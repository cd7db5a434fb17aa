#pragma once
// What the barrier method (Liu et al. 2025) carries from step to step besides the liquid and
// the solids: its settings, the liquid components' volume targets (one constraint each, Sec. 4.2.2) with the
// cell labels they were measured on, and the solid-liquid barrier stiffness.
#include <vector>

#include "ripple/coupling/barrier/barrier_settings.hpp"
#include "ripple/grid/array3.hpp"
#include "ripple/solid/solid_step.hpp"

namespace ripple {

struct BarrierCouplingState {
  BarrierSettings settings;    ///< coupling.barrier
  Array3<int> label;           ///< component of each cell at the last step (empty before the first)
  std::vector<double> target;  ///< m^3, volume target of each component of `label`
  double stiffness = 0.0;      ///< kappa (kg) of the solid-liquid barrier; 0 until the first step
  double lost_volume = 0.0;    ///< m^3, targets of components that vanished with no liquid left to take them
  double returned_volume = 0.0;  ///< m^3, targets of vanished components handed to the nearest liquid, summed
  /// m^3, each component's target for its volume inside the surface (volume_measure "sharp";
  /// empty otherwise), carried like `target`.
  std::vector<double> sharp_target;
  /// Scenes without Lagrangian solids optimise the level set alone (Algorithm 2): an empty model.
  SolidModel no_solids;
  SolidState no_solids_state;
};

}  // namespace ripple
