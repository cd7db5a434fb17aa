#pragma once
// The barrier method's unknowns and volume targets for one step (Liu et al. 2025, Sec. 4.2.2):
// the narrow band of the predicted level set phi*, its connected liquid components, and the
// volume each must keep, carried from the components of the last step (component_volumes).
#include "ripple/coupling/barrier/barrier_state.hpp"
#include "ripple/coupling/barrier/narrow_band.hpp"

namespace ripple {

/// At the first step (state without labels): the components' volumes of `phi` (t = 0) become
/// the targets.
void start_volume_targets(BarrierCouplingState& state, const GridGeometry& grid, const ScalarGrid& phi);

struct BandWithTargets {
  NarrowBand band;        ///< its components' targets set
  double lost = 0.0;      ///< m^3 of targets whose liquid vanished with none left this step
  double returned = 0.0;  ///< m^3 of vanished components' targets handed to the nearest liquid
};

/// The band of phi* with unknowns numbered from first_dof, each component's target carried
/// over; the state's labels and targets move on to this step's components. With volume_measure
/// "sharp" the volume inside the surface has a target of its own, carried alike, which the
/// volume control meets after the optimisation; the optimisation's smoothed target is then
/// optimisation_volume_target's.
BandWithTargets select_band_and_targets(BarrierCouplingState& state, const GridGeometry& grid,
                                        const ScalarGrid& phi_predicted, int first_dof);

/// True when each component's volume inside its surface is held (volume_measure "sharp", with
/// the volume constraint on; without it nothing holds the volume: the comparison runs, Fig. 11b).
bool holds_sharp_volume(const BarrierSettings& settings);

}  // namespace ripple
