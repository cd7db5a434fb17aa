#pragma once
// The volume each connected liquid component must keep from step to step (Liu et al. 2025,
// Sec. 4.2.2: one volume constraint per component, V0 from the start). Components merge,
// split, appear and vanish as the liquid moves; their targets follow by cell overlap between
// the last step's labels and this step's: an old component's target is shared among the new
// components it overlaps in proportion to their measured volumes (a split), a new component
// collects the shares it receives (a merge), and one that overlaps no old component keeps its
// measured volume.
#include <vector>

#include "ripple/grid/array3.hpp"

namespace ripple {

struct VolumeTargets {
  std::vector<double> target;  ///< m^3 per new component
  double lost = 0.0;           ///< m^3 of old targets that overlap no new component
};

/// `previous_label` and `label` (cells -> component, -1 none) on the same grid;
/// `previous_target[o]` for old component o, `measured[n]` (m^3) for new component n.
VolumeTargets carry_volume_targets(const Array3<int>& previous_label, const std::vector<double>& previous_target,
                                   const Array3<int>& label, const std::vector<double>& measured);

}  // namespace ripple
