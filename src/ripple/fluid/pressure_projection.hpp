#pragma once
// Pressure projection: variational cut-cell weights for solids (Batty, Bertails, Bridson 2007)
// and a ghost-fluid free surface, p = sigma * kappa at the sub-cell interface (Gibou et al.
// 2002; Kang, Fedkiw, Liu 2000 for the surface-tension jump).
#include <array>
#include <memory>

#include "ripple/fluid/liquid_state.hpp"
#include "ripple/fluid/solid_boundary.hpp"
#include "ripple/grid/periodic_grid.hpp"
#include "ripple/solver/multigrid_preconditioner.hpp"
#include "ripple/solver/periodic_coupling.hpp"

namespace ripple {

struct ProjectionParams {
  double dt = 0.0;               ///< s
  double density = 1000.0;       ///< kg/m^3
  double surface_tension = 0.0;  ///< N/m
  double min_theta = 0.01;       ///< smallest interface fraction in the ghost-fluid stencil
  PressureSolverSettings solver;
  /// Added to the pressure matrix in every solve of project_pressure (none when null): e.g. the
  /// masses of solids whose velocity closes faces, so that the pressure pushes them too.
  CompactTerm* extra_term = nullptr;
  /// Axes whose two sides are one (a gas's periodic sides): cell n - 1 and cell 0 are neighbours.
  PeriodicAxes periodic{};
};

struct ProjectionResult {
  int iterations = 0;             ///< CG iterations, summed over the separation rounds
  int separation_rounds = 0;      ///< extra solves for separating walls (wall_separation.hpp)
  int64_t released_cells = 0;     ///< wall cells left at p = 0 because the liquid separates there
  double residual = 0.0;
  bool converged = true;
  int64_t liquid_cells = 0;
};

/// Face validity flags (1 = velocity known after projection).
using FaceFlags = std::array<Array3<uint8_t>, 3>;

/// The free surface between a liquid cell centre and its air neighbour (ghost fluid).
struct InterfaceSample {
  double theta;   ///< fraction of the cell spacing from the liquid cell centre to the interface
  double p_jump;  ///< interface pressure (Pa), sigma * kappa
};
/// From the level set at both centres (m) and the curvatures carried to the interface (1/m);
/// theta is clamped to [min_theta, 1].
InterfaceSample interface_between(double phi_c, double phi_n, double kappa_c, double kappa_n, double sigma,
                                  double min_theta);

/// The assembled system, exposed for tests and benchmarks.
struct PressureSystem {
  PoissonSystem A;
  std::vector<double> rhs;
  MultigridFineLevel mg;
  /// Cells held at p = 0 because the liquid separates from a wall there (empty: none).
  std::vector<uint8_t> released;
  /// Built by solve_pressure_system for the current matrix; reused by solve_again.
  std::unique_ptr<Preconditioner> preconditioner;
  /// Across periodic sides (null without): the couplings the 7-point storage cannot hold, and
  /// the face fractions the multigrid sees, with those faces closed.
  std::unique_ptr<PeriodicCoupling> periodic;
  std::array<ScalarGrid, 3> multigrid_face_open;
};

/// Assembles A p = b for the current velocity, level set and solids; `sys.released` cells are
/// Dirichlet (p = 0) cells.
void assemble_pressure_system(PressureSystem& sys, const LiquidState& liquid,
                              const SolidBoundary& solids, const ScalarGrid* curvature, const ProjectionParams& params);

/// Across periodic sides (none: clears them): the couplings `sys.A` (laid out already) cannot
/// hold, over `face_open` (not owned, must outlive `sys`) with `scale` per unit fraction, and the
/// multigrid's face fractions with those sides closed.
void attach_periodic_coupling(PressureSystem& sys, const std::array<ScalarGrid, 3>& face_open,
                              const PeriodicAxes& periodic, double scale);

/// Solves (A + extra) p = b with the configured solver (x holds the initial guess on entry);
/// builds `sys.preconditioner` for the current matrix A.
ProjectionResult solve_pressure_system(PressureSystem& sys, std::vector<double>& x, const PressureSolverSettings& s,
                                       CompactTerm* extra = nullptr);

/// Solves (A + extra) x = b for another right-hand side (full grid, zero off the active cells)
/// with the matrix and preconditioner of the last solve_pressure_system.
ProjectionResult solve_again(const PressureSystem& sys, const std::vector<double>& b, std::vector<double>& x,
                             double tolerance, int max_iterations, CompactTerm* extra = nullptr);

/// u -= coef * grad p on every open face next to a liquid (active or released) cell, with
/// ghost-fluid values across the free surface (sigma * kappa jumps when `curvature` is given,
/// sigma = params.surface_tension); `coef` = dt / (rho dx). Closed faces take the solids' velocity when
/// `closed_faces` is given and keep u otherwise. `valid` (optional) flags the faces set.
void subtract_pressure_gradient(const PressureSystem& sys, const LiquidState& liquid, const SolidBoundary& solids,
                                const ScalarGrid* curvature, const ProjectionParams& params,
                                const std::vector<double>& p, double coef, const MacVelocity* closed_faces,
                                MacVelocity& u, FaceFlags* valid);

/// Makes `liquid.velocity` divergence-free in the liquid; fills `valid` and `liquid.pressure`.
/// Across periodic sides the two copies of a face are first made one (their average).
/// `scratch` holds the system between calls so that its full-grid arrays are not reallocated
/// (and page-faulted) every substep; its contents on entry do not matter.
ProjectionResult project_pressure(LiquidState& liquid, const SolidBoundary& solids,
                                  const ScalarGrid* curvature, const ProjectionParams& params, FaceFlags& valid,
                                  PressureSystem& scratch);

}  // namespace ripple
