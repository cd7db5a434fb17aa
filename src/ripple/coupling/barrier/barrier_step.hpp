#pragma once
// coupling.method = "barrier": "Penetration-free Solid-Fluid Interaction on Shells and Rods"
// (Liu et al. 2025), Algorithm 1. One step reads as the paper's phases:
//   predict    the solids' x* (Eq. 5, inside their incremental potential) and the liquid's
//              u*, phi* (forces, Eq. 8, first projection, advection: liquid_prediction)
//   optimise   solids and narrow-band level set together (Eq. 22: coupled_optimisation),
//              one volume constraint per liquid component (targets carried: component_volumes)
//   correct    v = (x^{n+1} - x^n) / dt (Eq. 7), the final projection with the contact faces
//              (Eq. 23: final_projection), redistancing (contact_preserving_redistance)
#include <string>
#include <vector>

#include "ripple/core/phase_timer.hpp"
#include "ripple/sim/world.hpp"
#include "ripple/solid/solid_step.hpp"

namespace ripple {

/// Where the liquid's volume inside its surface (grid/level_set_volume) changed during a step,
/// phase by phase (m^3): the constraint holds the smoothed volume (Eq. 11), and these show
/// what that leaves of the true one.
struct VolumeBudget {
  double advection = 0.0;     ///< phi^n -> phi* (forces, first projection, semi-Lagrangian advection)
  double optimisation = 0.0;  ///< phi* -> the optimised level set (Eq. 22)
  double volume_control = 0.0;  ///< the volume control's move (volume_measure "sharp"; volume_control.hpp)
  double redistance = 0.0;    ///< -> phi^{n+1}
};

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

/// Per solid vertex: 1 if it belongs to a simulated body (shell, rod, volume, rigid) and so
/// feels the liquid; obstacles and domain walls are the liquid's cut-cell boundaries instead.
std::vector<uint8_t> liquid_coupled_vertices(const World& world);

/// Throws InputError (naming the solid and a vertex) when a simulated solid starts inside the
/// liquid: the barrier needs a penetration-free start.
void check_solids_start_outside_liquid(const World& world);

/// One message per simulated solid whose edges are longer than a cell: the barrier acts on
/// vertices only, so liquid can pass between vertices farther apart than dx (Sec. 4.3.3).
std::vector<std::string> barrier_resolution_warnings(const World& world);

/// Advances the liquid and the solids together by dt (s): the phases above in order, then
/// kappa doubles if a gap fell below dhat / 10 (automatic stiffness only). Advances world.time.
BarrierStepReport barrier_step(World& world, double dt, PhaseTimings& timings);

}  // namespace ripple
