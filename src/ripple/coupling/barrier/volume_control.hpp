#pragma once
// Volume control of the level set (coupling.barrier.volume_measure = "sharp"): each liquid
// component's volume inside its surface is brought to its target by moving the level set
// along a potential displacement with a uniform divergence in the component's cells, as the
// volume control of Kim, Liu, Llamas, Jiao and Rossignac (2007, "Simulation of bubbles in
// foams with the volume control method"), applied to the surface at once (a dead-beat
// proportional controller) instead of through the velocity, so no kinetic energy is added.
// The displacement comes from the final projection's own matrix (ghost-fluid free surface,
// closed walls and contact faces closed at the solids, Eq. 23), so the volume enters through
// the free surface only: the drop grows away from the solids instead of into the air gap that
// the barrier keeps, which is where the smoothed constraint (Eq. 11) finds it cheapest.
#include <functional>
#include <vector>

#include "ripple/fluid/pressure_projection.hpp"

namespace ripple {

/// What limits the move, which is not CCD-filtered like the optimisation's steps.
struct VolumeControlGuard {
  /// The solid points (m) a moved level set would bring nearer the liquid than allowed; empty:
  /// the move is accepted. The cells whose samples such a point reads (the 4 x 4 x 4 block
  /// holding both its trilinear and its quadratic stencil) are put back to the start of the
  /// move, so that the rest of the surface still moves, and the check is repeated (up to
  /// three rounds). A move still refused then is halved as a whole, up to six times, then
  /// dropped, and the control stops there. Empty function: every move is accepted.
  std::function<std::vector<Vec3>(const ScalarGrid&)> too_close;
};

/// Moves `liquid.phi` by the displacement d (m) whose divergence in every active cell of
/// component c of `label` is volume[c] / (n_c dx^3) (n_c its active cells), so that the
/// component gains about volume[c] (m^3). `sys` is the projection just solved on this phi with
/// `solids` (its matrix and preconditioner are reused), `params` its parameters; d is
/// extrapolated `layers` cells into the air before the semi-Lagrangian move. That move realises
/// only part of the volume d carries, so the control moves again for what is left (up to four
/// moves, until under 2 % of each ask is left); what the moves still leave (a film thinner
/// than a cell, which a semi-Lagrangian move cannot thicken) is given by offsetting the
/// component's surface, phi - delta on its labelled cells (|delta| <= dx/2, by bisection on its
/// volume). `guard` limits each move and the offset. Returns the number of
/// faces where the first d is nonzero (0 when no component asks for volume); `fraction`
/// (optional) receives the share of the first move the guard kept (1 when putting cells back
/// around the refused points sufficed), `cells_kept` (optional) the number of cells put back
/// over all moves.
int64_t apply_volume_control(const PressureSystem& sys, LiquidState& liquid, const SolidBoundary& solids,
                             const Array3<int>& label, const std::vector<double>& volume,
                             const ProjectionParams& params, int layers, const VolumeControlGuard& guard = {},
                             double* fraction = nullptr, int64_t* cells_kept = nullptr);

}  // namespace ripple
