#pragma once
// Step 2 of Algorithm 1 (Zarifi & Batty 2017): the coupled bodies move with their current
// velocities (Eq. 34), then a simple explicit contact correction against the domain walls and
// the obstacles, as the paper does ("a simple explicit correction", Sec. 9): a vertex found
// inside is put back on the boundary along its normal and loses its velocity into it
// (inelastic, frictionless), and the projection then holds its normal velocity at zero for the
// step (world.cutcell.held); a rigid body is moved out by its deepest vertex and stopped there
// by an impulse. Then contact between the coupled bodies is resolved by the IPC filter of
// body_contact.hpp, over the whole move.
#include "ripple/coupling/cutcell/body_contact.hpp"
#include "ripple/coupling/cutcell/cutcell_state.hpp"
#include "ripple/world/world.hpp"

namespace ripple {

struct SolidMotionReport {
  int corrected_vertices = 0;  ///< vertices put back out of walls or obstacles this step
  BodyContactReport contact;   ///< contact between the coupled bodies
};

/// Moves the coupled bodies of world.lagrangian by dt (s) and corrects their contacts with the
/// boundary at time t_end. Throws SimulationError when a tetrahedron inverts.
SolidMotionReport advance_coupled_solids(World& world, CutCellCouplingState& cc, double dt, double t_end);

/// Signed distance (m) from x to the domain's closed walls and the obstacles at time t (negative
/// inside them), and its outward unit gradient in `normal`; `velocity` (if given) gets the
/// nearest boundary's velocity there (m/s; a wall's is zero).
double boundary_distance(const World& world, const Vec3& x, double t, Vec3& normal, Vec3* velocity = nullptr);

}  // namespace ripple
