#pragma once
// Small level-set scenes for the barrier-method tests: cubic grids and flat liquid surfaces.
#include "ripple/grid/array3.hpp"
#include "ripple/grid/grid_geometry.hpp"

namespace ripple::test {

/// n^3 cells of size dx (m) from the origin.
inline GridGeometry cube_grid(int n, double dx) {
  GridGeometry g;
  g.dx = dx;
  g.n = Vec3i(n, n, n);
  return g;
}

/// Signed distance of liquid below the plane y = height (negative in the liquid).
inline ScalarGrid flat_liquid(const GridGeometry& g, double height) {
  ScalarGrid phi(g.n);
  for (int64_t i = 0; i < phi.size(); ++i) {
    const Vec3i c = phi.coords(i);
    phi(c.x(), c.y(), c.z()) = g.cell_center(c.x(), c.y(), c.z()).y() - height;
  }
  return phi;
}

}  // namespace ripple::test
