#pragma once
// The barrier method's fluid velocity correction (Liu et al. 2025, Algorithm 1 lines 10-11,
// Sec. 4.3.6): project u* on the optimised level set phi^{n+1}, with the liquid-air faces
// next to contacting solid vertices closed and moving with the solid (u_f = W v, Eq. 23), then
// extrapolate the velocity into the air. A closed face only pushes: where the liquid beside it
// pulls (its pressure below the free surface's gamma kappa), it is opened and solved again.

#include <functional>

#include "ripple/core/phase_timer.hpp"
#include "ripple/coupling/barrier/barrier_settings.hpp"
#include "ripple/coupling/barrier/volume_control.hpp"
#include "ripple/world/world.hpp"

namespace ripple {

struct FinalProjectionReport {
  int iterations = 0;
  double residual = 0.0;
  bool converged = true;
  int closed_faces = 0;    ///< contact faces given the solids' velocity (after the releases)
  int released_faces = 0;  ///< contact faces opened again because the liquid left the solid there
  int64_t control_cells_kept = 0;  ///< cells the volume control's guard put back around solid vertices
  /// With coupling.barrier.final_projection = "two_way": the vertices' velocity change (#V*3,
  /// m/s) from the pressure on the closed faces; empty otherwise.
  VectorX vertex_velocity_change;
};

/// The volume control after the projection (volume_control.hpp), with the projection's matrix
/// and closed contact faces: `redistance` (optional) first redistances phi, then each component
/// of `label` is asked target - its volume inside the surface (m^3), at most `max_share` of
/// that volume, so that the step ends at the targets whatever the redistancing changed.
struct VolumeControlRequest {
  const Array3<int>* label = nullptr;
  std::vector<double> target;  ///< m^3 per component
  double max_share = 0.25;
  std::function<void(ScalarGrid&)> redistance;
  VolumeControlGuard guard;
};

/// `x`, `vertex_velocity` (#V*3) the solids at the end of the step; `contacting` the coupled
/// vertices within dhat of the liquid. world.liquid.phi must hold phi^{n+1}; `control`
/// (optional) then redistances and moves it.
FinalProjectionReport project_with_contacts(World& world, const BarrierSettings& settings, const SolidModel& model,
                                            const VectorX& x,
                                            const VectorX& vertex_velocity, const std::vector<int>& contacting,
                                            double dt, PhaseTimings& timings,
                                            const VolumeControlRequest* control = nullptr);

}  // namespace ripple
