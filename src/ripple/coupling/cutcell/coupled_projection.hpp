#pragma once
// Step 6 of Algorithm 1 (Zarifi & Batty 2017): the coupled pressure projection. Assembles the
// blocks of Eq. 19 from the world (the liquid's cut-cell Poisson matrix with its ghost-fluid
// free surface, N^T C from the cut pieces, the solids' mass, corotated stiffness at the
// current positions and right-hand side w), solves the chosen form, and applies the result:
// u = u* - dt/rho G p (Eq. 20) on the open faces, the bodies' velocities on the closed ones,
// and the solved velocities to the bodies.
#include <vector>

#include "ripple/coupling/cutcell/coupled_system.hpp"
#include "ripple/coupling/cutcell/cutcell_state.hpp"
#include "ripple/fluid/liquid_phases.hpp"
#include "ripple/world/world.hpp"

namespace ripple {

struct CutCellProjectionReport {
  CoupledSystemReport system;
  int64_t pieces = 0;              ///< cut pieces in cells with a pressure unknown
  int64_t fluid_unknowns = 0;
  int64_t solid_unknowns = 0;
  std::vector<Vec3> body_force;    ///< N, the liquid's pressure force on each coupled body (J^T p)
};

/// The blocks of Eq. 19 for the world's current state (after prepare_projection), with the
/// row of each grid cell (-1: no unknown) and the solid unknowns' velocity v* (m/s, with
/// gravity) used in w. Exposed for the benchmark and tests.
struct CoupledBlocksWithMaps {
  CoupledSystemBlocks blocks;
  std::vector<int64_t> cell_row;
  VectorX velocity_star;
};
CoupledBlocksWithMaps assemble_coupled_blocks(World& world, CutCellCouplingState& cc, const ProjectionInput& in, double dt);

/// Assembles, solves and applies the coupled projection; fills liquid.pressure (Pa) and the
/// bodies' velocities; marks in in.valid the faces whose velocity is known. Times
/// "coupled_assembly" (blocks and the solved form), "coupled_solve" and "pressure_update".
CutCellProjectionReport coupled_projection(World& world, CutCellCouplingState& cc, ProjectionInput& in, double dt,
                                           PhaseTimings& timings);

}  // namespace ripple
