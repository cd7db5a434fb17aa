#pragma once
// The projection with normal-only slip constraints (Robinson-Mosher et al. 2009, Sec. 2-4):
// the velocity closest to the predicted one, in the fluid's kinetic energy, that is divergence
// free in every liquid cell and whose normal component matches the solid's at every occluded
// face, N^T W v = N^T J V_s (Eq. 7, 11). As a minimisation
//     min 1/2 (v - v*)^T M (v - v*)   subject to   C^T v = b,
// its multipliers (pressure times dt in the liquid cells, the normal forces lambda times dt at
// the constraints) solve the SPD system C^T M^-1 C mu = b - C^T v*, which is Eq. 10 and 12 up to
// the scaling of rows; v = v* + M^-1 C mu is Eq. 9.
//
// Velocity unknowns: every face next to a liquid cell, and at an occluded face one sample per
// liquid side (the two sides of a thin shell are different unknowns). An occluded face's sample
// enters the constraint (its axial component, Fig. 3c) and the other samples' one-sided stencils
// W, built from the faces of its own cell only. The flux through an occluded face is the
// solid's normal flux plus the ghost flux into the ghost cell behind it (ghost_cells.hpp): its
// own unknown, so that tangential flow passes the stair steps (Sec. 3.2). The free surface is a ghost-fluid Dirichlet boundary (p = sigma kappa).
#include <vector>

#include "ripple/core/phase_timer.hpp"
#include "ripple/coupling/slip/ghost_cells.hpp"
#include "ripple/coupling/slip/occluded_faces.hpp"
#include "ripple/coupling/slip/solid_unknowns.hpp"
#include "ripple/fluid/liquid_state.hpp"
#include "ripple/fluid/pressure_projection.hpp"
#include "ripple/fluid/solid_boundary.hpp"
#include "ripple/grid/periodic_grid.hpp"

namespace ripple {

struct SlipProjectionParams {
  double dt = 0.0;               ///< s
  double density = 1000.0;       ///< kg/m^3
  double surface_tension = 0.0;  ///< N/m
  double min_theta = 0.01;       ///< smallest interface fraction in the ghost-fluid stencil
  Vec3 gravity = Vec3::Zero();   ///< m/s^2, the body force already in v* (the ghost fluxes get it too)
  /// Cells (1) whose centre lies inside a closed solid or obstacle: never liquid, whatever the
  /// level set says there (null: none).
  const Array3<uint8_t>* solid_cells = nullptr;
  /// No-slip instead of slip: every component of the liquid's velocity at the solid matches the
  /// solid's (Fig. 9's comparison), not only the normal one.
  bool no_slip = false;
  WallSides walls{};             ///< closed domain sides
  /// Axes whose two sides are one (a gas's periodic sides): face n is face 0, one unknown.
  PeriodicAxes periodic{};
  /// Faces (1, per axis) whose velocity is given, held at its value in the grid's velocity: a
  /// gas source's inflow (null: none).
  const std::array<Array3<uint8_t>, 3>* prescribed = nullptr;
  double tolerance = 1e-6;       ///< relative residual of the multiplier solve
  int max_iterations = 1000;
};

struct SlipProjectionResult {
  int iterations = 0;
  double residual = 0.0;            ///< relative residual of the multiplier solve
  bool converged = true;
  int64_t liquid_cells = 0;
  int64_t constraints = 0;          ///< slip constraints (one per liquid side of an occluded face)
  int64_t velocity_unknowns = 0;
  int64_t ghost_cells = 0;
  int64_t ghost_links = 0;          ///< velocity unknowns between neighbouring ghost cells
  int64_t pinned_regions = 0;       ///< liquid regions with no free surface or open side
  double max_divergence = 0.0;      ///< 1/s, over liquid cells after the projection
  double max_ghost_divergence = 0.0;  ///< 1/s, over ghost cells (net flux of a ghost cell over its volume)
  double max_normal_mismatch = 0.0; ///< m/s, |N.(W v - J V_s)| over the constraints after it (no-slip: every row)
  /// Wall time (s) of the projection's phases: unknowns, constraint_rows, multiplier_matrix,
  /// multigrid (the cells' V-cycle set up), preconditioner (the rest of it: the surface block
  /// and the solids' terms), iterations, write_back.
  PhaseTimings timings;
};

/// The velocity sample of an occluded face seen from its upper cell; the grid's MacVelocity
/// holds the one seen from the lower cell (or the upper one when only that side is liquid).
struct UpperSamples {
  std::vector<double> value;  ///< per occluded face (m/s)
};

/// The ghost cells of a projection and their fluxes' velocities (m/s), for tests and statistics.
struct SlipProjectionDetail {
  GhostCells ghosts;
  std::vector<std::array<double, 2>> ghost_flux;  ///< per occluded face and side, along +axis
  std::vector<double> link_flux;                  ///< per link, from lower to upper ghost cell
};

/// The solids' velocity unknowns of a two-way projection (Sec. 5, Eq. 15-16): their predicted
/// velocity holds their own forces over the step; an impulse P from the liquid changes it by
/// M^-1 P, or by (M + dt^2 K)^-1 P (D = -dt K) for the unknowns `response` covers.
struct SlipSolidSolve {
  const SparseMatrix* inverse_mass = nullptr;  ///< unknowns x unknowns
  /// M + dt^2 K (kg) over the unknowns that answer through it (rows and columns of the others
  /// empty; their inverse mass must be diagonal); null: every unknown answers by its mass.
  const SparseMatrix* response = nullptr;
  VectorX velocity;  ///< in: predicted; out: after the projection (the unknowns' units, m/s or rad/s)
  VectorX impulse;   ///< out: the liquid's impulse on each unknown (N s; N m s for rotations)
};

/// Projects `liquid.velocity` (v*): fills the upper samples, `valid` (faces set) and
/// `liquid.pressure` (Pa). `solid_velocity` is J V_s per occluded face; with `solids` its terms
/// are unknowns solved for with the liquid (two-way), otherwise they must be empty. `curvature`
/// (1/m) is used when params.surface_tension > 0.
SlipProjectionResult project_with_slip(LiquidState& liquid, const OccludedFaces& occluded,
                                       const std::vector<FaceSolidVelocity>& solid_velocity,
                                       const ScalarGrid* curvature, const SlipProjectionParams& params,
                                       FaceFlags& valid, UpperSamples& upper, SlipSolidSolve* solids = nullptr,
                                       SlipProjectionDetail* detail = nullptr);

}  // namespace ripple
