#pragma once
// Pressure projection: variational cut-cell weights for solids (Batty, Bertails, Bridson 2007)
// and a ghost-fluid free surface, p = sigma * kappa at the sub-cell interface (Gibou et al.
// 2002; Kang, Fedkiw, Liu 2000 for the surface-tension jump).
#include <array>
#include <memory>

#include "ripple/fluid/liquid_state.hpp"
#include "ripple/fluid/solid_boundary.hpp"
#include "ripple/solver/multigrid_preconditioner.hpp"

namespace ripple {

struct ProjectionParams {
  double dt = 0.0;               ///< s
  double density = 1000.0;       ///< kg/m^3
  double surface_tension = 0.0;  ///< N/m
  double min_theta = 0.01;       ///< smallest interface fraction in the ghost-fluid stencil
  PressureSolverSettings solver;
};

struct ProjectionResult {
  int iterations = 0;
  double residual = 0.0;
  bool converged = true;
  int64_t liquid_cells = 0;
};

/// Face validity flags (1 = velocity known after projection).
using FaceFlags = std::array<Array3<uint8_t>, 3>;

/// The assembled system, exposed for tests and benchmarks.
struct PressureSystem {
  PoissonSystem A;
  std::vector<double> rhs;
  MultigridFineLevel mg;
};

/// Assembles A p = b for the current velocity, level set and solids.
void assemble_pressure_system(PressureSystem& sys, const Scene& scene, const LiquidState& liquid,
                              const SolidBoundary& solids, const ScalarGrid* curvature, const ProjectionParams& params);

/// Solves A p = b with the configured solver (x holds the initial guess on entry).
ProjectionResult solve_pressure_system(const PressureSystem& sys, std::vector<double>& x, const PressureSolverSettings& s);

/// Makes `liquid.velocity` divergence-free in the liquid; fills `valid` and `liquid.pressure`.
/// `scratch` holds the system between calls so that its full-grid arrays are not reallocated
/// (and page-faulted) every substep; its contents on entry do not matter.
ProjectionResult project_pressure(LiquidState& liquid, const Scene& scene, const SolidBoundary& solids,
                                  const ScalarGrid* curvature, const ProjectionParams& params, FaceFlags& valid,
                                  PressureSystem& scratch);

}  // namespace ripple
