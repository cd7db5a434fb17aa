#pragma once
// Liquid level set from particles (Zhu & Bridson 2005): phi(x) = |x - xbar(x)| - r with xbar
// the kernel-weighted mean of particles within R = 2r, r the particle radius. Then
// redistanced, and extended into solids so that liquid touching a solid is not read as air.
#include "ripple/fluid/particle_bins.hpp"
#include "ripple/fluid/solid_boundary.hpp"

namespace ripple {

/// Particle radius (m) for `particles_per_cell` particles in cells of size dx.
double particle_radius(double dx, int particles_per_cell);


/// How the level set continues into solids (cells whose centre lies inside one).
enum class SolidExtension {
  mark_wet,     ///< extend_level_set_into_solids before redistancing (the default)
  extrapolate,  ///< extrapolate_level_set_into_solids after it, 3 layers: for methods whose pressure
                ///< unknowns live in every cell holding some liquid (a cut-cell coupling)
};

/// Rebuilds liquid.phi from liquid.particles (bins must match the particle order), then
/// redistances it and continues it into solids as `extension` says.
void level_set_from_particles(LiquidState& liquid, const ParticleBins& bins, double radius, const SolidBoundary& solids,
                              const WallSides& walls, SolidExtension extension);

/// Marks cells whose centre lies inside a solid as liquid when a neighbour is liquid.
void extend_level_set_into_solids(ScalarGrid& phi, const GridGeometry& g, const SolidBoundary& solids);

/// Replaces phi in cells whose centre lies inside a solid by the mean of their neighbours'
/// values outside it, layer by layer (at most `layers` deep, fewer when that reaches every
/// inside cell; deeper cells get +dx, not liquid). Unlike
/// extend_level_set_into_solids it keeps the free surface's height where it meets a solid: a
/// cell inside a floating body just above the water line stays dry.
void extrapolate_level_set_into_solids(ScalarGrid& phi, const GridGeometry& g, const SolidBoundary& solids, int layers);

/// Narrow-band width (cells) kept by redistancing.
constexpr double kLevelSetBandCells = 6.0;

}  // namespace ripple
