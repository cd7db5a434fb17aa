#pragma once
// The barrier method's penetration count (issue 4's `penetrating_vertices` stat): solid
// vertices whose surface, offset by their thickness, reaches into the liquid, read from the
// level set by plain trilinear interpolation (clamped at the grid's edge). Independent of the
// barrier's own distance (its stencils, frozen or quadratic), so it checks the barrier.
#include "ripple/contact/collision_mesh.hpp"
#include "ripple/grid/array3.hpp"
#include "ripple/grid/grid_geometry.hpp"

namespace ripple {

struct PenetrationReport {
  int penetrating = 0;       ///< vertices with phi(x) - thickness < 0
  double min_distance = 0.0; ///< m, smallest phi(x) - thickness over all vertices (inf if none)
};

/// `coupled` (per vertex, empty = all) selects the vertices checked.
PenetrationReport check_penetration(const GridGeometry& grid, const ScalarGrid& phi, const CollisionMesh& mesh,
                                    const VectorX& x, const std::vector<uint8_t>& coupled = {});

}  // namespace ripple
