#pragma once
// The leak count of the barrier validations (particle row, coarse sheet): liquid cells whose
// centres lie more than a cell below a height.
#include "ripple/fluid/liquid_state.hpp"

namespace ripple::test {

/// Cells of `liquid` with phi < 0 whose centre is below y - dx (y in m).
inline int liquid_cells_below(const LiquidState& liquid, double y) {
  const GridGeometry& g = liquid.grid;
  int below = 0;
  for (int64_t c = 0; c < liquid.phi.size(); ++c) {
    const Vec3i I = liquid.phi.coords(c);
    below += liquid.phi[c] < 0 && g.cell_center(I.x(), I.y(), I.z()).y() < y - g.dx;
  }
  return below;
}

}  // namespace ripple::test
