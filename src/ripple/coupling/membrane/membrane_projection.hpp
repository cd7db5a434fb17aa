#pragma once
// The fluid-membrane (F-M) system of Ruan et al. 2021, Eq. 19: grid pressures and the
// particles' velocities (the free ones', and the contact line's along its walls) at once. Liquid faces take u = u* - dt/rho grad p (Eq. 7), fluid-air
// faces the membrane's W v (Eq. 15); the membrane's momentum (Eq. 18) gets the pressure's
// impulse through W^T, the surface liquid's mass W^T M W and, with surface tension, the
// capillary force f_c and its implicit stiffness K_c.
//
// With rigid bodies it is the three-way system (Eq. 28): faces between a liquid cell and a
// body's take the body's velocity J v_r (Eq. 23), and the contact particles' velocities are
// their bodies' too, so W's columns of contact particles map to the bodies' velocities.
//
// The paper solves these symmetric indefinite systems with diagonal CG. Here the solid side's
// velocities z = (v_s along each particle's solved axes, v_r) are eliminated instead: every coupled face's velocity is
// u_f = R_f z + u0_f (R: W's free columns, W J for contact particles, J for body faces; u0 the
// prescribed part), A = D + R^T M R with D = blockdiag(M_s + dt^2 K_c per axis, M_r) is
// symmetric positive definite (K_c is PSD), so z = A^-1 (b - V dt R^T (w G p)) and the
// pressures solve the Schur complement
//     (L + V dt (w G)^T R A^-1 R^T (w G)) p = -div(u* with z = A^-1 b),
// L the liquid faces' Laplacian: symmetric positive definite, so CG converges; A is applied
// through its Cholesky factor, and CG is preconditioned by the ghost-fluid Poisson matrix's
// multigrid (to which the coupled term reduces when each face drives its own particles). The
// adhesion force of the membrane on the bodies enters explicitly (its implicit terms K_a,s,
// K_a,r, K_c,r of Eq. 21-22 are left out).
#include <array>
#include <numbers>
#include <vector>

#include "ripple/coupling/membrane/liquid_membrane.hpp"
#include "ripple/coupling/membrane/surface_faces.hpp"
#include "ripple/fluid/pressure_projection.hpp"
#include "ripple/solid/rigid_body.hpp"

namespace ripple {

/// A rigid body in the solve (Ruan et al. 2021, Sec. 4.3 and 5.3): its state at the solve's
/// positions; with `unknown` its velocities are solved for (the correction solve, Eq. 27-28),
/// otherwise they are prescribed (the advection solve).
struct MembraneBody {
  RigidBody* body = nullptr;
  bool unknown = false;
  Vec3 force = Vec3::Zero();   ///< N, explicit: gravity and the membrane's adhesion (Eq. 20)
  Vec3 torque = Vec3::Zero();  ///< N m, about the centre of mass, explicit
};

struct MembraneProjectionParams {
  ProjectionParams projection;   ///< dt (s), density (kg/m^3), the solver's tolerance and cap
  double surface_tension = 0.0;  ///< N/m; 0: no capillary force (the advection solve, Fig. 7 step 4)
  double thickness = 0.0;        ///< m, the membrane's h
  /// rad, per domain side (x_min, x_max, y_min, ...): the walls' contact angles (wetting forces)
  std::array<double, 6> wall_contact_angle{std::numbers::pi / 2, std::numbers::pi / 2, std::numbers::pi / 2,
                                           std::numbers::pi / 2, std::numbers::pi / 2, std::numbers::pi / 2};
};

struct MembraneProjectionResult {
  int iterations = 0;
  double residual = 0.0;  ///< relative 2-norm
  bool converged = true;
  int64_t free_particles = 0;
  int64_t line_particles = 0;  ///< on a wall's contact line, solved along the wall
};

/// On entry liquid.velocity holds u* and membrane.v the particles' velocities v^n (zero across
/// the walls a particle lies on, a contact particle's its body's); on exit liquid.velocity
/// holds u^{n+1} on the liquid's faces and its coupled faces (flagged in `valid`),
/// liquid.pressure the pressure (Pa), `v_out` the particles' new velocities along their solved
/// axes (m/s; the rest as given) and each unknown body its new velocities. Throws SimulationError when a
/// factorisation fails.
MembraneProjectionResult project_with_membrane(LiquidState& liquid, const SolidBoundary& solids,
                                               const SurfaceFaces& faces, const LiquidMembrane& membrane,
                                               std::vector<MembraneBody>& bodies,
                                               const MembraneProjectionParams& params, std::vector<Vec3>& v_out,
                                               FaceFlags& valid, PressureSystem& scratch);

}  // namespace ripple
