#pragma once
// N^T C of Zarifi & Batty 2017 (Eq. 13): row c gives the volume flux (m^3/s) that the solid's
// unknowns q push out of fluid cell c through its cut pieces, sum_i a_i n_i . v(c_i), with
// v(c_i) interpolated from the triangle's vertices by the centroid's barycentrics (Eq. 12).
// Its transpose maps cell pressures to the forces on the unknowns (Eq. 15).
#include <vector>

#include "ripple/coupling/cutcell/coupled_solids.hpp"
#include "ripple/grid/surface_cut_cells.hpp"
#include "ripple/solver/form.hpp"

namespace ripple {

/// Rows: the compact indices `cell_row` (#cells, -1 for cells without a pressure unknown) of
/// the fluid unknowns, `rows` of them; columns: the coupled unknowns. Pieces in cells without
/// an unknown (air, closed) are dropped: their pressure is zero or undefined. m^2.
SparseMatrix coupling_matrix(const std::vector<SurfacePiece>& pieces, const CoupledSolids& cs, const SolidModel& model,
                             const VectorX& z, const std::vector<int64_t>& cell_row, int64_t rows);

}  // namespace ripple
