#pragma once
// Liquid surface extraction. Marching tetrahedra over the Kuhn (6-tet) split of every cube of
// samples: unambiguous, so the output is watertight. The field is padded by one layer outside
// the domain, placed exactly on the walls, and capped there, so the surface closes on the walls.
#include <array>
#include <vector>

#include "ripple/core/triangle_mesh.hpp"
#include "ripple/grid/array3.hpp"
#include "ripple/grid/grid_geometry.hpp"

namespace ripple {

/// The Kuhn split of a cube into 6 tetrahedra along its 0-7 diagonal, one per axis
/// permutation; corner c of the cube is offset (c&1, (c>>1)&1, (c>>2)&1). Neighbouring cubes
/// split their shared faces identically.
inline constexpr int kKuhnTets[6][4] = {{0, 1, 3, 7}, {0, 1, 5, 7}, {0, 2, 3, 7},
                                        {0, 2, 6, 7}, {0, 4, 5, 7}, {0, 4, 6, 7}};

/// Sample positions along each axis: coordinate[axis][index] (m).
using SamplePositions = std::array<std::vector<double>, 3>;

/// Extracts the zero set of `field` whose sample (i,j,k) sits at
/// (x[0][i], x[1][j], x[2][k]). Triangles face towards positive values (out of the liquid).
/// With `cap_boundary`, liquid reaching the lattice's outer faces is closed by caps on them.
TriangleMesh marching_tetrahedra(const ScalarGrid& field, const SamplePositions& x, bool cap_boundary = false);

/// Closed liquid surface of a cell-centred level set on grid g (closed against the walls).
TriangleMesh liquid_surface_mesh(const ScalarGrid& phi, const GridGeometry& g);

}  // namespace ripple
