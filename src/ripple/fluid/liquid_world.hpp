#pragma once
// The liquid side of the mutable simulation state, built from an immutable Scene: the liquid,
// the obstacles and the solid boundary it sees on the grid, the scratch its phases reuse, and
// the clock. world/world.hpp adds the Lagrangian solids.
#include "ripple/fluid/density_correction.hpp"
#include "ripple/fluid/gas_sources.hpp"
#include "ripple/fluid/liquid_flows.hpp"
#include "ripple/fluid/liquid_state.hpp"
#include "ripple/fluid/particle_bins.hpp"
#include "ripple/fluid/particle_level_set.hpp"
#include "ripple/fluid/pressure_projection.hpp"
#include "ripple/fluid/solid_boundary.hpp"
#include "ripple/fluid/surface_volume.hpp"
#include "ripple/scene/scene.hpp"
#include "ripple/solid/obstacle_field.hpp"

namespace ripple {

struct LiquidWorld {
  explicit LiquidWorld(const Scene& scene);

  const Scene& scene;
  ObstacleField obstacles;
  SolidBoundary solids;
  LiquidState liquid;
  ParticleBins particle_bins;                 ///< scratch reused by every substep's particle sort (not state)
  PressureSystem pressure_system;             ///< scratch reused by every substep's projection (not state)
  VolumeCorrectionScratch volume_correction;  ///< scratch for the particles' volume correction (not state)
  std::vector<GasSourceCells> gas_sources;    ///< a gas's sources on the grid (from the scene, set when seeded)
  LiquidFlows flows;                          ///< the liquid's emitters and drains, and what they moved
  /// How the level set built from particles continues into solids: the coupling method's
  /// choice (Coupler::solid_extension), set before the liquid is seeded.
  SolidExtension solid_extension = SolidExtension::mark_wet;
  /// The last output's volume control of the particles' surface (fluid.surface_volume "held").
  SurfaceVolumeReport surface_volume;
  double time = 0.0;      ///< s
  int frame = 0;          ///< last completed frame
  int64_t steps = 0;      ///< substeps taken since the start

  /// Is there a fluid on the grid: liquid regions or emitters, or a gas (which fills the domain)?
  bool has_liquid() const { return !scene.fluid.regions.empty() || !scene.fluid.emitters.empty() || is_gas(); }
  bool is_gas() const { return scene.fluid.representation == LiquidRepresentation::Gas; }
  /// The clock after a substep of dt (s): only the simulation loop (and tests standing in for
  /// it) advance it. The mesh sequences' frames it has passed are freed.
  void advance_clock(double dt) {
    time += dt;
    ++steps;
    obstacles.release_before(time);
  }
};

/// Makes liquid.phi describe the current liquid (rebuilds it from particles if needed).
void refresh_level_set(LiquidWorld& world);

/// Rebuilds liquid.phi from the particles (sorted into world.particle_bins).
void rebuild_level_set(LiquidWorld& world);

/// m^3 of liquid each particle carries (liquid.particle_volume, else dx^3 / particles_per_cell).
double carried_particle_volume(const LiquidWorld& world);

/// hold_surface_volume on `phi` (a copy of the particles' level set) with the world's particles,
/// those deeper inside a solid than their radius left out (counted in the report's in_solids).
SurfaceVolumeReport hold_particle_surface(const LiquidWorld& world, ScalarGrid& phi);

/// Fills the liquid at t = 0 from the scene's regions: a level set, or particles seeded outside
/// the solid boundary (which must be built first). Throws InputError when no liquid is left.
/// A gas fills the domain (phi = -dx everywhere), with the regions' smoke, temperature and
/// velocity, and its sources found on the grid.
void seed_liquid(LiquidWorld& world);

}  // namespace ripple
