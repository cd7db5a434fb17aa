#pragma once
// The barrier method's redistancing after the optimisation (Liu et al. 2025, Sec. 4.3.6: once
// per step). Fast marching re-estimates the cells next to the surface and can move it by a
// fraction of a cell; next to a solid that could carry the surface past a vertex the barrier
// just kept out, and the next solve would start inside its barrier. So the cells every nearby
// solid vertex's distance reads (its linear or quadratic stencil) keep their optimised values.
#include "ripple/contact/collision_mesh.hpp"
#include "ripple/contact/level_set_distance.hpp"
#include "ripple/grid/array3.hpp"

namespace ripple {

/// Redistances `phi` in a band of `band_cells` cells, then restores the stencil cells of every
/// coupled vertex (per-vertex mask, empty = all) whose trilinear gap is below `reach` (m).
/// Returns how many cells were restored.
int64_t redistance_keeping_contacts(ScalarGrid& phi, const GridGeometry& grid, double band_cells,
                                    const CollisionMesh& mesh, const VectorX& x, const std::vector<uint8_t>& coupled,
                                    LevelSetInterpolation kind, double reach);

}  // namespace ripple
