#include "ripple/coupling/barrier/band_and_targets.hpp"

#include "ripple/coupling/barrier/component_volumes.hpp"

namespace ripple {

bool holds_sharp_volume(const BarrierSettings& b) {
  return b.volume_measure == BarrierVolumeMeasure::sharp && b.volume_constraint;
}

void start_volume_targets(BarrierCouplingState& st, const GridGeometry& g, const ScalarGrid& phi) {
  if (st.label.size() != 0) return;
  const BarrierScales sc = barrier_scales(st.settings, g.dx);
  const NarrowBand start = select_narrow_band(g, phi, sc.eps, sc.k, 0);
  st.label = start.label;
  st.target = start.volumes;
  if (holds_sharp_volume(st.settings)) st.sharp_target = start.sharp_volumes;
}

BandWithTargets select_band_and_targets(BarrierCouplingState& st, const GridGeometry& g, const ScalarGrid& phi_predicted,
                                        int first_dof) {
  const BarrierScales sc = barrier_scales(st.settings, g.dx);
  const bool sharp = holds_sharp_volume(st.settings);
  BandWithTargets out;
  NarrowBand& band = out.band;
  band = select_narrow_band(g, phi_predicted, sc.eps, sc.k, first_dof);
  const VolumeTargets vt = carry_volume_targets(st.label, st.target, band.label, band.volumes);
  std::vector<double> sharp_target;
  if (sharp) sharp_target = carry_volume_targets(st.label, st.sharp_target, band.label, band.sharp_volumes).target;
  for (size_t c = 0; c < band.components.size(); ++c)
    band.components[c].target =
        sharp ? optimisation_volume_target(vt.target[c], band.volumes[c], sharp_target[c], band.sharp_volumes[c])
              : vt.target[c];
  st.sharp_target = std::move(sharp_target);
  st.label = band.label;
  st.target = vt.target;
  st.lost_volume += vt.lost;
  st.returned_volume += vt.returned;
  out.lost = vt.lost;
  out.returned = vt.returned;
  return out;
}

}  // namespace ripple
