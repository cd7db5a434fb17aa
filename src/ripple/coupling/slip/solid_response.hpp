#pragma once
// How the shells and volumes answer a push within one step (Robinson-Mosher et al. 2009, Eq. 15:
// M V = M V* + dt D V - dt J^T N lambda): linearising their implicit step at its solution, an
// impulse P changes their velocity by (M + dt^2 K)^-1 P, K the Hessian of their elastic, contact
// and friction potentials there (D = -dt K). The two-way projection solves with that operator
// rather than the mass alone, so that a pinned or stiff cloth pulls the liquid within the step.
#include "ripple/coupling/slip/solid_unknowns.hpp"
#include "ripple/world/solid_world.hpp"

namespace ripple {

/// M + dt^2 K (kg) over the deformable unknowns (rows and columns of `unknowns`; rigid bodies'
/// unknowns are left out: they answer by their mass), from the step of length dt (s) that began
/// at `start` and ended at coordinates `z_end`. Empty when there is no deformable unknown.
SparseMatrix deformable_response(const SolidWorld& solids, const SolidState& start, const VectorX& z_end, double dt,
                                 const SolidUnknowns& unknowns);

}  // namespace ripple
