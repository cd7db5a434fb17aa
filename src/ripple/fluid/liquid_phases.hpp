#pragma once
// The liquid's phases the coupling methods share, one function each, in the order a step runs
// them: move the obstacles, prepare the projection (particles or level set to the grid, forces,
// curvature), [the method's projection], correct the particles' volume, advance the liquid after
// the projection; plus the liquid's stable time step. A method uses those it needs (the barrier
// method predicts its liquid its own way, the cut-cell method moves obstacles with its bodies).
#include "ripple/core/phase_timer.hpp"
#include "ripple/fluid/grid_advection.hpp"
#include "ripple/fluid/implicit_viscosity.hpp"
#include "ripple/fluid/liquid_world.hpp"
#include "ripple/fluid/particle_advection.hpp"

namespace ripple {

/// What the pressure projection needs from the phases before it.
struct ProjectionInput {
  FaceFlags valid;             ///< faces whose velocity is known before the projection
  MacVelocity old_velocity;    ///< grid velocity before forces (FLIP only)
  ScalarGrid curvature;        ///< interface curvature (1/m), when surface tension is on
};

/// Rebuilds the solid boundary for the obstacles at time t (s) when any obstacle moves.
void move_obstacles(LiquidWorld& world, double t, PhaseTimings& timings);

/// The phases before the projection: particles (or level-set advection) to grid velocity and
/// level set, body forces, curvature; for a gas: its sources (which close their faces in the
/// solid boundary), buoyancy and viscosity. Exposed so benchmarks can build realistic systems.
/// `phases` leaves out what a method does its own way.
struct PreparePhases {
  /// false: a level set is not advected here (the method advects it after the projection,
  /// LiquidAdvanceHooks::advect_level_set).
  bool advect_level_set = true;
  /// false: no viscous step here (the method solves the viscosity with its projection).
  bool viscosity = true;
};
ProjectionInput prepare_projection(LiquidWorld& world, double dt, PhaseTimings& timings,
                                   const PreparePhases& phases = {});

/// The level set's step: advection of the level set and the grid velocity (collidable when
/// `collidable` is given: semi-Lagrangian then), separation gaps at walls, extension into
/// obstacles, redistancing.
void advance_level_set(LiquidWorld& world, double dt, const CollidableAdvection* collidable);

/// The liquid's (or gas's) implicit viscous step of length dt (s) on its grid velocity
/// (implicit_viscosity.hpp), with the scene's walls, periodic sides and solid boundary; nothing
/// without viscosity. Throws SimulationError when its solve does not converge.
ViscosityResult apply_liquid_viscosity(LiquidWorld& world, double dt, PhaseTimings& timings);

/// The projection settings of a liquid step of length dt (s).
ProjectionParams projection_params(const Scene& scene, double dt);

/// The particles' volume correction (density_correction.hpp) on this step's pressure system,
/// every kVolumeCorrectionInterval-th step: true when it set world.volume_correction's
/// displacement. `fresh_preconditioner` builds a multigrid preconditioner for the system's
/// matrix first (for methods whose projection solved another system).
bool correct_particle_volume(LiquidWorld& world, double dt, bool fresh_preconditioner, PhaseTimings& timings);

/// The same for a method whose moving bodies are not in world.solids (it solves its own
/// system): the correction runs on a pressure system it assembles with the bodies, given by
/// their signed distance `body_phi` (m, at the grid's nodes; empty: none), closed like
/// obstacles at time t (s), so no particle is pulled into a body.
bool correct_particle_volume_around(LiquidWorld& world, const ScalarGrid& body_phi, double t, double dt,
                                    PhaseTimings& timings);

/// The phases after the projection: velocity extrapolation from the faces `in.valid`, grid to
/// particles, particle advection (a gas: semi-Lagrangian advection of its velocity, smoke and
/// temperature) (moved by the volume correction's displacement when
/// `displace`). Returns the particles removed (left the domain). A coupling method may change
/// the particles after the grid-to-particle transfer (`after_transfer`) and their moves (`moves`).
struct LiquidAdvanceHooks {
  std::function<void(Particles&)> after_transfer;
  ParticleMoveHooks moves;
  /// A gas's (or a level set's) advection made collidable (null: plain).
  const CollidableAdvection* grid = nullptr;
  /// A level set is advected after the projection (prepare_projection skipped it).
  bool advect_level_set = false;
};
int64_t advance_liquid_after_projection(LiquidWorld& world, ProjectionInput& in, double dt, bool displace,
                                        PhaseTimings& timings, const LiquidAdvanceHooks* hooks = nullptr);

/// Largest substep allowed by CFL, max_dt and, when `capillary_limit`, the
/// explicit surface tension's limit (s).
double stable_liquid_time_step(const LiquidWorld& world, bool capillary_limit);

/// Velocity extrapolation depth after a projection (cells): the distance a step may carry
/// the surface (cfl) plus a margin.
int extrapolation_layers(const Scene& scene);

}  // namespace ripple
