#pragma once
// coupling.method = "cutcell": "A Positive-Definite Cut-Cell Method for Strong Two-Way
// Coupling Between Fluids and Deformable Bodies" (Zarifi & Batty 2017), Algorithm 1, extended
// to rigid bodies through a 6-DOF Jacobian. One step reads as the paper's phases:
//   solid_motion    x += dt v (Eq. 34), explicit contact correction with walls and obstacles
//   cut_cells       solid signed distance, face fractions, the surface cut by the cells
//   liquid          particles to grid, explicit gravity (the shared liquid phases)
//   projection      pressures and solid velocities in one solve (Eq. 19 or 33), Eq. 20
//   liquid          extrapolation, grid to particles, particle advection
#include "ripple/coupling/cutcell/coupled_projection.hpp"
#include "ripple/coupling/cutcell/solid_motion.hpp"
#include "ripple/sim/world.hpp"

namespace ripple {

struct CutCellStepReport {
  CutCellProjectionReport projection;
  SolidMotionReport motion;
  int64_t particles_removed = 0;
};

/// Builds world.cutcell.solids (the coupled unknowns) from world.lagrangian.
void initialise_cutcell(World& world);

/// Advances liquid and coupled bodies by dt (s); advances world.time.
CutCellStepReport cutcell_step(World& world, double dt, PhaseTimings& timings);

}  // namespace ripple
