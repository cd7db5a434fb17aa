#pragma once
// The level-set unknowns of the coupled optimisation (Liu et al. 2025, Sec. 4.2.2, Fig. 4):
// every cell whose predicted level set phi* lies within the narrow band |phi*| < eps, or next
// to a sign change of phi* (within a cell of the surface whatever its value), fixed for the
// whole Newton solve, grouped by connected liquid component (6-connected cells with
// phi* < eps or next to a sign change), one volume constraint per component. Cells deeper in
// the liquid are constants whose smoothed-Heaviside volume counts in the component's fixed
// volume. Each component's volume is measured both ways: smoothed (Eq. 11, what the
// constraint differentiates) and sharp (inside its piecewise-linear surface, what a user
// measures).
#include <vector>

#include "ripple/coupling/barrier/liquid_barrier_form.hpp"
#include "ripple/coupling/barrier/liquid_volume_constraint.hpp"

namespace ripple {

struct NarrowBand {
  LevelSetUnknowns level_set;              ///< phi* with the band's cells as unknowns
  std::vector<LiquidComponent> components; ///< targets left 0: the caller sets V0
  std::vector<double> volumes;             ///< m^3, each component's smoothed volume at phi*
  std::vector<double> sharp_volumes;       ///< m^3, each component's volume inside its surface (level_set_volume)
  Array3<int> label;                       ///< component of each cell with phi* < eps, else -1
  VectorX predicted;                       ///< phi* of each unknown, in dof order
  int first_dof = 0, count = 0;            ///< unknowns are first_dof .. first_dof + count - 1
};

/// `eps` (m) the band's half width, `sharpness` k of H (1/m); unknowns numbered from first_dof.
NarrowBand select_narrow_band(const GridGeometry& grid, const Array3<double>& phi_predicted, double eps, double sharpness,
                              int first_dof);

}  // namespace ripple
