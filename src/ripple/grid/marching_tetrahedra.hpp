#pragma once
// Liquid surface extraction. Marching tetrahedra over the Kuhn (6-tet) split of every cube of
// samples: unambiguous, so the output is watertight. The field is padded by one layer outside
// the domain so the surface closes exactly at the domain walls.
#include "ripple/core/triangle_mesh.hpp"
#include "ripple/grid/array3.hpp"
#include "ripple/grid/grid_geometry.hpp"

namespace ripple {

/// Extracts the zero set of `field` whose sample (i,j,k) sits at origin + (ijk + offset)*dx.
/// Triangles face towards positive values (out of the liquid).
TriangleMesh marching_tetrahedra(const ScalarGrid& field, const Vec3& origin, double dx, const Vec3& offset);

/// Closed liquid surface of a cell-centred level set on grid g (closed against the walls).
TriangleMesh liquid_surface_mesh(const ScalarGrid& phi, const GridGeometry& g);

}  // namespace ripple
