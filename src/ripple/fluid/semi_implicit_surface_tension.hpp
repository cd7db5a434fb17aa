#pragma once
// Semi-implicit surface tension in a narrow band (Liu et al. 2025, Eq. 8, the barrier method's
// position prediction): per velocity component,
//   (I - dt^2 (gamma / rho) delta(phi) Lap) u+ = u + dt (-(gamma / rho) delta(phi) kappa n),
// with delta(phi) = (1 + cos(pi phi / eps)) / (2 eps) for |phi| < eps (0 outside), eps = 3 dx
// in the paper. The implicit surface Laplacian damps the capillary stiffness, which lets the
// step exceed the explicit capillary limit. The paper writes the equation for unit density;
// ripple divides by the liquid density rho so that gamma is in N/m. Gravity is added apart.
#include "ripple/grid/grid_geometry.hpp"
#include "ripple/grid/mac_velocity.hpp"

namespace ripple {

struct SurfaceTensionParams {
  double surface_tension = 0.0;  ///< gamma (N/m)
  double density = 1000.0;       ///< rho (kg/m^3)
  double dt = 0.0;               ///< s
  double band = 0.0;             ///< eps (m): half width of delta's support
};

struct SurfaceTensionReport {
  int unknowns = 0;    ///< band faces solved for, all components
  int iterations = 0;  ///< CG iterations, summed over components
};

/// The delta function of Eq. 8 (1/m).
double narrow_band_delta(double phi, double band);

/// Applies Eq. 8 to `u` in place. `phi` (m) and `curvature` (1/m) are cell-centred; a null
/// `curvature` applies only the implicit term (the force then acts elsewhere, e.g. as a
/// ghost-fluid jump).
SurfaceTensionReport apply_semi_implicit_surface_tension(MacVelocity& u, const ScalarGrid& phi,
                                                         const ScalarGrid* curvature, const GridGeometry& grid,
                                                         const SurfaceTensionParams& params);

}  // namespace ripple
