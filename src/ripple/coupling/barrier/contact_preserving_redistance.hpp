#pragma once
// The barrier method's redistancing after the optimisation (Liu et al. 2025, Sec. 4.3.6: once
// per step). Fast marching re-estimates the cells next to the surface and can move it by a
// fraction of a cell; next to a solid that could carry the surface past a vertex the barrier
// just kept out, and the next solve would start inside its barrier. So the cells every nearby
// barrier point's distance reads (its linear or quadratic stencil) keep their optimised values.
#include "ripple/contact/level_set_distance.hpp"
#include "ripple/coupling/barrier/barrier_points.hpp"
#include "ripple/grid/array3.hpp"

namespace ripple {

/// Redistances `phi` in a band of `band_cells` cells, then restores the stencil cells of every
/// barrier point (at vertex positions `x`, #V*3) whose trilinear gap is below `reach` (m).
/// Returns how many cells were restored.
int64_t redistance_keeping_contacts(ScalarGrid& phi, const GridGeometry& grid, double band_cells,
                                    const std::vector<BarrierPoint>& points, const VectorX& x,
                                    LevelSetInterpolation kind, double reach);

}  // namespace ripple
