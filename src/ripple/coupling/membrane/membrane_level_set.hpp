#pragma once
// The grid's level set from the membrane: the signed distance (m, negative in the liquid) of
// the closed membrane at the cells' centres, exact within a band of three cells and clamped
// beyond, the sign from ray crossings. It sorts the cells into liquid and air after every move
// of the membrane (Ruan et al. 2021, Fig. 7 step 6).
#include "ripple/coupling/membrane/liquid_membrane.hpp"

namespace ripple {

/// phi (resized to the grid's cells) of the liquid the membrane encloses.
void level_set_from_membrane(const LiquidMembrane& membrane, const GridGeometry& grid, ScalarGrid& phi);

}  // namespace ripple
