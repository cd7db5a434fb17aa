#pragma once
// Mutable simulation state built from an immutable Scene.
#include <memory>

#include "ripple/core/phase_timer.hpp"
#include "ripple/coupling/barrier/barrier_state.hpp"
#include "ripple/coupling/cutcell/cutcell_state.hpp"
#include "ripple/fluid/liquid_state.hpp"
#include "ripple/fluid/density_correction.hpp"
#include "ripple/fluid/particle_bins.hpp"
#include "ripple/fluid/pressure_projection.hpp"
#include "ripple/fluid/solid_boundary.hpp"
#include "ripple/sim/obstacle_field.hpp"
#include "ripple/sim/solid_world.hpp"

namespace ripple {

/// What one substep reports (aggregated per frame into stats.jsonl).
struct StepReport {
  int pressure_iterations = 0;
  double pressure_residual = 0.0;
  bool pressure_converged = true;
  int separation_rounds = 0;       ///< extra pressure solves for separating walls
  int64_t released_cells = 0;      ///< wall cells where the liquid separates
  int64_t particles_removed = 0;
};

struct World {
  explicit World(const Scene& scene);

  const Scene& scene;
  ObstacleField obstacles;
  SolidBoundary solids;
  LiquidState liquid;
  ParticleBins particle_bins;  ///< scratch reused by every substep's particle sort (not state)
  PressureSystem pressure_system;  ///< scratch reused by every substep's projection (not state)
  VolumeCorrectionScratch volume_correction;  ///< scratch for the particles' volume correction (not state)
  std::unique_ptr<SolidWorld> lagrangian;  ///< shells, rods, volumes, rigid bodies (null if none)
  BarrierCouplingState barrier;            ///< coupling "barrier" only
  CutCellCouplingState cutcell;            ///< coupling "cutcell" only
  bool has_liquid() const { return !scene.fluid.regions.empty(); }
  double time = 0.0;      ///< s
  int frame = 0;          ///< last completed frame
  int64_t steps = 0;      ///< substeps taken since the start
};

/// Builds the initial liquid (particles or level set) and solid boundary at t = 0.
void initialise_world(World& world);

/// Makes liquid.phi describe the current liquid (rebuilds it from particles if needed).
void refresh_level_set(World& world);

}  // namespace ripple
