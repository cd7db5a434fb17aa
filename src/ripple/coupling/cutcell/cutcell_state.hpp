#pragma once
// What the cut-cell coupling (Zarifi & Batty 2017) keeps between its phases and steps besides
// the liquid and the solids: which solid unknowns it couples, and this step's geometry (the
// bodies' signed distance at grid nodes and their surface cut by the cells).
#include <vector>

#include "ripple/coupling/cutcell/coupled_solids.hpp"
#include "ripple/coupling/cutcell/surface_cut_cells.hpp"
#include "ripple/grid/array3.hpp"

namespace ripple {

struct CutCellCouplingState {
  CoupledSolids solids;              ///< built once, at the start of the run
  ScalarGrid body_phi;               ///< m, the coupled bodies' signed distance at grid nodes
  std::vector<SurfacePiece> pieces;  ///< their surface cut by the cells, sorted by cell
  /// Free vertices put back on a wall or obstacle this step, with the boundary's outward unit
  /// normal: the projection holds their normal velocity at zero (solid_motion.hpp).
  std::vector<std::pair<int, Vec3>> held;
};

}  // namespace ripple
