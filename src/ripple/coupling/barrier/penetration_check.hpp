#pragma once
// The barrier method's penetration count (the `penetrating_vertices` stat): solid
// vertices whose surface, offset by their thickness, reaches into the liquid, read from the
// level set by plain trilinear interpolation (clamped at the grid's edge). Independent of the
// barrier's own distance (its stencils, frozen or quadratic), so it checks the barrier.
#include "ripple/contact/collision_mesh.hpp"
#include "ripple/contact/level_set_distance.hpp"
#include "ripple/grid/array3.hpp"
#include "ripple/grid/grid_geometry.hpp"

#include <vector>

namespace ripple {

struct PenetrationReport {
  int penetrating = 0;       ///< vertices with phi(x) - thickness < 0
  double min_distance = 0.0; ///< m, smallest phi(x) - thickness over all vertices (inf if none)
};

/// `coupled` (per vertex, empty = all) selects the vertices checked.
PenetrationReport check_penetration(const GridGeometry& grid, const ScalarGrid& phi, const CollisionMesh& mesh,
                                    const VectorX& x, const std::vector<uint8_t>& coupled = {});

/// The same with the barrier's interpolation of the level set (linear = trilinear, or the
/// quadratic B-spline, which smooths phi over three cells and so reads thin liquid films as
/// thinner than the trilinear value does), from fresh stencils at x: the barrier's own distance
/// on the final level set, computed without the barrier's frozen stencils or unknowns.
PenetrationReport check_penetration(const GridGeometry& grid, const ScalarGrid& phi, const CollisionMesh& mesh,
                                    const VectorX& x, LevelSetInterpolation kind,
                                    const std::vector<uint8_t>& coupled = {});

/// Each coupled vertex's gap phi(x) - thickness (m) with plain trilinear interpolation and with
/// the barrier's `kind`, the smaller of the two (+inf for vertices not coupled).
std::vector<double> vertex_gaps(const GridGeometry& grid, const ScalarGrid& phi, const CollisionMesh& mesh,
                                const VectorX& x, LevelSetInterpolation kind, const std::vector<uint8_t>& coupled = {});

/// Each liquid component's smallest gap to the coupled vertices (m, trilinear, thickness
/// subtracted), so a drop in flight reads as airborne while fragments rest on the solid:
/// component c's level set is phi on the cells labelled c and max(phi, eps) elsewhere (the
/// other components read as at least the band's half width away). `label`: the band's
/// component of each cell or -1 (NarrowBand::label). +inf where no vertex reads the component
/// within eps.
std::vector<double> component_min_distances(const GridGeometry& grid, const ScalarGrid& phi, const Array3<int>& label,
                                            int components, double eps, const CollisionMesh& mesh, const VectorX& x,
                                            const std::vector<uint8_t>& coupled = {});

}  // namespace ripple
