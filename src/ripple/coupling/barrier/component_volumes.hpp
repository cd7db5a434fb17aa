#pragma once
// The volume each connected liquid component must keep from step to step (Liu et al. 2025,
// Sec. 4.2.2: one volume constraint per component, V0 from the start). Components merge,
// split, appear and vanish as the liquid moves; their targets follow by cell overlap between
// the last step's labels and this step's: an old component's target is shared among the new
// components it overlaps in proportion to their measured volumes (a split), a new component
// collects the shares it receives (a merge), and one that overlaps no old component keeps its
// measured volume. An old component that overlaps no new one (a film thinner than a cell that
// the level set lost, or a fragment that moved past its own width) hands its whole target to
// the nearest new component (6-connected cell steps), so the total target is conserved and
// the liquid it most likely split from or became regains that volume; it is lost only when no
// liquid is left at all.
#include <vector>

#include "ripple/grid/array3.hpp"

namespace ripple {

struct VolumeTargets {
  std::vector<double> target;  ///< m^3 per new component
  double returned = 0.0;       ///< m^3 of vanished old targets handed to their nearest new component
  double lost = 0.0;           ///< m^3 of vanished old targets with no new component to take them
};

/// `previous_label` and `label` (cells -> component, -1 none) on the same grid;
/// `previous_target[o]` for old component o, `measured[n]` (m^3) for new component n.
VolumeTargets carry_volume_targets(const Array3<int>& previous_label, const std::vector<double>& previous_target,
                                   const Array3<int>& label, const std::vector<double>& measured);

struct NearestLabel {
  Array3<int> label;  ///< per cell, the label of the nearest labelled cell (-1 if none is labelled)
  Array3<int> steps;  ///< per cell, 6-connected cell steps to it (0 on labelled cells)
};

/// Breadth-first from every labelled cell of `label` (ties go to the first reached).
NearestLabel nearest_label(const Array3<int>& label);

/// With volume_measure "sharp" (each component also keeps the volume inside its surface, which
/// the volume control meets after the step): the smoothed volume (m^3) the optimisation holds
/// a component at. It is the predicted smoothed volume plus what the surface is short of (the
/// sharp deficit), but at most the smoothed deficit: on a drop squashed against a solid the
/// smoothed volume falls below its target while the volume inside the surface is met, and
/// asking the smoothed deficit there added volume that the control took out again each step
/// (a tug of war: the rod scene's volume rose 3.7 %). On a film or splinter thinner than the
/// Heaviside's width, whose smoothed volume is over `kFilmSmoothedRatio` times its sharp one,
/// the smoothed volume says little: there the sharp deficit alone. Never below the prediction.
inline constexpr double kFilmSmoothedRatio = 2.0;
double optimisation_volume_target(double smoothed_target, double smoothed, double sharp_target, double sharp);

}  // namespace ripple
