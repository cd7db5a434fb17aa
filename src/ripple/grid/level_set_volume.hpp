#pragma once
// The liquid volume a level set encloses, measured as the exported surface measures it: phi
// interpolated linearly over the Kuhn (6-tet) split of each cube between cell centres, padded
// to the walls with the adjacent cells' values (as liquid_surface_mesh does), so the result is
// the volume inside the unsmoothed marching-tetrahedra surface. Exact for a piecewise-linear
// phi; unlike a smoothed Heaviside it does not count a curved or thin liquid as larger than it
// is.
#include <array>
#include <vector>

#include "ripple/grid/array3.hpp"
#include "ripple/grid/grid_geometry.hpp"

namespace ripple {

/// Fraction (0..1) of a tetrahedron where the linear interpolant of its corner values is < 0.
double negative_fraction_of_tet(const std::array<double, 4>& phi);

/// Volume (m^3) of {phi < 0} per component: each tetrahedron's liquid is attributed to the
/// component `label` gives its first liquid corner's cell (-1: not counted). `components` is
/// the number of labels; cells are those of grid g.
std::vector<double> liquid_volumes_by_label(const ScalarGrid& phi, const GridGeometry& g, const Array3<int>& label,
                                            int components);

/// Volume (m^3) of {phi < 0} over the whole grid.
double liquid_volume(const ScalarGrid& phi, const GridGeometry& g);

}  // namespace ripple
