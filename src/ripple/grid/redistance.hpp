#pragma once
// Redistancing of a cell-centred level set by the fast marching method (Sethian 1996),
// limited to a narrow band: cells farther than band_cells*dx get +-band_cells*dx.
#include "ripple/grid/array3.hpp"

namespace ripple {

/// Replaces phi (m, negative inside liquid) by an approximate signed distance in a band of
/// `band_cells` cells around its zero set. Signs are preserved. Cells next to a sign change
/// keep their value, and so do liquid cells on the grid's border with -dx/2 < phi < 0 (an
/// interface on the wall side of the cell, where liquid pulls away from a wall). If phi has
/// no zero crossing, every cell gets +-band_cells*dx.
void redistance(ScalarGrid& phi, double dx, double band_cells);

}  // namespace ripple
