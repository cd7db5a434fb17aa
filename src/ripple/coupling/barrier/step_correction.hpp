#pragma once
// The correction phase of a barrier step (Liu et al. 2025, Algorithm 1 lines 8-11), after the
// optimisation moved the solids to x^{n+1} and the level set to its optimum: the solid
// vertices' velocities (x^{n+1} - x^n) / dt (Eq. 7), the final projection with the contact
// faces closed (Eq. 23; two-way: the solids take the pressure's push), the volume control
// (volume_measure "sharp") and the redistance that keeps the contacts.
#include "ripple/coupling/barrier/barrier_points.hpp"
#include "ripple/coupling/barrier/barrier_state.hpp"
#include "ripple/coupling/barrier/coupled_optimisation.hpp"
#include "ripple/coupling/barrier/final_projection.hpp"

namespace ripple {

struct CorrectionReport {
  FinalProjectionReport projection;
  double volume_control = 0.0;      ///< m^3, the volume control's change inside the surface
  double volume_redistanced = 0.0;  ///< m^3 inside the surface after the redistance
};

/// `solid_state` holds x^{n+1} and its velocities (SolidStepProblem::finish); `x_start` (#V*3)
/// the positions at the step's start; `label` this step's liquid components (band_and_targets).
CorrectionReport correct_step(World& world, const BarrierCouplingState& state, const SolidModel& model,
                              SolidState& solid_state, const VectorX& x_start, const CoupledResult& optimum,
                              const std::vector<BarrierPoint>& points, const Array3<int>& label, bool two_way,
                              double dt, PhaseTimings& timings);

}  // namespace ripple
