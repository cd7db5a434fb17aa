#pragma once
// The fluid-membrane (F-M) system of Ruan et al. 2021, Eq. 19: grid pressures and the free
// particles' velocities at once. Liquid faces take u = u* - dt/rho grad p (Eq. 7), fluid-air
// faces the membrane's W v (Eq. 15); the membrane's momentum (Eq. 18) gets the pressure's
// impulse through W^T, the surface liquid's mass W^T M W and, with surface tension, the
// capillary force f_c and its implicit stiffness K_c.
//
// The paper solves the symmetric indefinite Eq. 19 with diagonal CG. Here the membrane's
// velocities are eliminated instead: per axis a, A_a = M_s + dt^2 K_c + W_a^T M_a W_a is
// symmetric positive definite (K_c is PSD), so v_a = A_a^-1 (b_a - V dt W_a^T G p) and the
// pressures solve the Schur complement
//     (L + V dt sum_a B_a A_a^-1 B_a^T) p = -div(u* with v = A^-1 b),   B_a = G_a^T W_a,
// L the liquid faces' Laplacian: symmetric positive definite, so CG converges; A_a is applied
// through its Cholesky factor, and CG is preconditioned by the ghost-fluid Poisson matrix's
// multigrid (to which the membrane term reduces when W joins a face to its own particles).
#include <vector>

#include "ripple/coupling/membrane/liquid_membrane.hpp"
#include "ripple/coupling/membrane/surface_faces.hpp"
#include "ripple/fluid/pressure_projection.hpp"

namespace ripple {

struct MembraneProjectionParams {
  ProjectionParams projection;   ///< dt (s), density (kg/m^3), the solver's tolerance and cap
  double surface_tension = 0.0;  ///< N/m; 0: no capillary force (the advection solve, Fig. 7 step 4)
  double thickness = 0.0;        ///< m, the membrane's h
};

struct MembraneProjectionResult {
  int iterations = 0;
  double residual = 0.0;  ///< relative 2-norm
  bool converged = true;
  int64_t liquid_cells = 0;
  int64_t free_particles = 0;
};

/// On entry liquid.velocity holds u* and membrane.v the particles' velocities v^n (the wall
/// particles' is theirs to keep); on exit liquid.velocity holds u^{n+1} on the liquid's faces
/// and its fluid-air faces (flagged in `valid`), liquid.pressure the pressure (Pa), and
/// `v_out` the particles' new velocities (m/s). Throws SimulationError when a factorisation
/// fails.
MembraneProjectionResult project_with_membrane(LiquidState& liquid, const SolidBoundary& solids,
                                               const SurfaceFaces& faces, const LiquidMembrane& membrane,
                                               const MembraneProjectionParams& params, std::vector<Vec3>& v_out,
                                               FaceFlags& valid, PressureSystem& scratch);

}  // namespace ripple
