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
#include "ripple/grid/marching_tetrahedra.hpp"

namespace ripple {

/// Fraction (0..1) of a tetrahedron where the linear interpolant of its corner values is < 0.
double negative_fraction_of_tet(const std::array<double, 4>& phi);

/// One cube of that split, between the samples (i..i+1, j..j+1, k..k+1), each index -1 .. n-1
/// (samples -1 and n are the pads on the walls).
struct SampleCube {
  std::array<int64_t, 8> cell;  ///< the cell whose value each corner takes (corner c: x + 2y + 4z)
  double volume = 0.0;          ///< m^3; the first and last cube along an axis are half a cell wide
};
SampleCube sample_cube(const Vec3i& n, double dx, int i, int j, int k);

/// The liquid of one cube with corner values f, tetrahedron by tetrahedron (the Kuhn split the
/// exported surface uses): add(corner, m^3) for each tetrahedron holding liquid, `corner` its
/// first liquid corner, to which its liquid is attributed.
template <class Add>
void for_each_liquid_tet(const std::array<double, 8>& f, double cube_volume, Add&& add);

/// Volume (m^3) of {phi < 0} per component: each tetrahedron's liquid is attributed to the
/// component `label` gives its first liquid corner's cell (-1: not counted). `components` is
/// the number of labels; cells are those of grid g.
std::vector<double> liquid_volumes_by_label(const ScalarGrid& phi, const GridGeometry& g, const Array3<int>& label,
                                            int components);

/// Volume (m^3) of {phi < 0} over the whole grid.
double liquid_volume(const ScalarGrid& phi, const GridGeometry& g);

template <class Add>
void for_each_liquid_tet(const std::array<double, 8>& f, double cube_volume, Add&& add) {
  for (const auto& tet : kKuhnTets) {
    int first = -1;
    std::array<double, 4> tf;
    for (int v = 0; v < 4; ++v) {
      tf[static_cast<size_t>(v)] = f[static_cast<size_t>(tet[v])];
      if (first < 0 && tf[static_cast<size_t>(v)] < 0.0) first = tet[v];
    }
    if (first >= 0) add(first, negative_fraction_of_tet(tf) * cube_volume / 6.0);
  }
}

}  // namespace ripple
