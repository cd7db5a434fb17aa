#pragma once
// Interface curvature for the surface-tension pressure jump.
#include "ripple/grid/array3.hpp"

namespace ripple {

/// Mean curvature (1/m) for the ghost-fluid jump: the level set's curvature, smoothed near the
/// interface by a weighted average over the 3x3x3 neighbours within 1.5 cells of it (a 1-4-1
/// tent per axis, times closeness to the interface; each value corrected to the interface as
/// kappa / (1 - phi kappa / 2), exact for spheres). Smoothing removes the cell-to-cell noise
/// that redistancing leaves in second derivatives without reversing any wave's sign.
ScalarGrid interface_curvature(const ScalarGrid& phi, double dx);

}  // namespace ripple
