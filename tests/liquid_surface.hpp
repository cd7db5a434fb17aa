#pragma once
// Shared by the coupling tests: where the liquid's surface lies in a column of cells.
#include "ripple/world/world.hpp"

namespace ripple::test {

/// Height (m) at which phi crosses zero upwards in the column of cells (i, k); 0 if it never does.
inline double surface_height(const World& w, int i, int k) {
  const ScalarGrid& phi = w.liquid.phi;
  for (int j = 0; j + 1 < phi.ny(); ++j)
    if (phi(i, j, k) < 0.0 && phi(i, j + 1, k) >= 0.0)
      return w.scene.grid.cell_center(i, j, k).y() + w.scene.grid.dx * phi(i, j, k) / (phi(i, j, k) - phi(i, j + 1, k));
  return 0.0;
}

}  // namespace ripple::test
