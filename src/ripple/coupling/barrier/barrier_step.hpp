#pragma once
// One step of the barrier method: "Penetration-free Solid-Fluid Interaction on Shells and Rods"
// (Liu et al. 2025), Algorithm 1. It reads as the paper's phases, one file each:
//   predict    the liquid's u*, phi* (forces, Eq. 8, first projection, advection:
//              liquid_prediction); the solids' x* lives in their incremental potential (Eq. 5)
//   band       the narrow band of phi* and each liquid component's volume target
//              (band_and_targets)
//   optimise   solids and narrow-band level set together (Eq. 22: coupled_optimisation)
//   correct    v = (x^{n+1} - x^n) / dt (Eq. 7), the final projection with the contact faces
//              (Eq. 23), volume control, redistance (step_correction)
//   stiffness  kappa doubles if a gap fell below dhat / 10 (barrier_stiffness)
#include "ripple/coupling/barrier/barrier_state.hpp"
#include "ripple/coupling/barrier/volume_budget.hpp"
#include "ripple/world/world.hpp"

namespace ripple {

struct BarrierStepReport {
  int pressure_iterations = 0;     ///< both projections
  double pressure_residual = 0.0;  ///< the larger of the two
  bool pressure_converged = true;
  NewtonResult newton;             ///< the coupled solve
  SolidStepReport solids;          ///< solid-solid contact after the step
  int unknowns = 0;                ///< level-set unknowns
  double min_gap = 0.0;            ///< m, smallest solid-liquid gap (barrier's distance), inf if none
  double lost_volume = 0.0;        ///< m^3 of volume targets whose liquid vanished with none left this step
  double returned_volume = 0.0;    ///< m^3 of vanished components' targets handed to the nearest liquid
  int closed_faces = 0;            ///< contact faces in the final projection
  double stiffness = 0.0;          ///< kappa (kg) used this step
  int start_repairs = 0;           ///< vertices the solve's start had to lift out of the liquid
  int stencil_repairs = 0;         ///< frozen linear stencils re-taken during the solve
  int start_stuck = 0;             ///< vertices starting inside the liquid with no unknown to lift
  int64_t control_cells_kept = 0;  ///< cells the volume control's guard put back around solid vertices
  VolumeBudget volume_budget;
};

/// Advances the liquid and the solids together by dt (s) from world.time: the phases above in
/// order. Does not advance the clock.
BarrierStepReport barrier_step(World& world, BarrierCouplingState& state, double dt, PhaseTimings& timings);

}  // namespace ripple
