#pragma once
// Differential geometry of a cell-centred level set (phi negative inside liquid).
#include "ripple/grid/array3.hpp"

namespace ripple {

/// Mean curvature kappa = div(grad phi / |grad phi|) (1/m) at cell centres by central
/// differences, clamped to |kappa| <= 1/dx (positive for a convex blob of liquid).
ScalarGrid curvature(const ScalarGrid& phi, double dx);

/// Central-difference gradient of phi at cell (i,j,k) (one-sided at the array border).
Vec3 gradient(const ScalarGrid& phi, double dx, int i, int j, int k);

}  // namespace ripple
