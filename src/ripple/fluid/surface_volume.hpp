#pragma once
// Volume control of a particle liquid's exported surface. The level set built from the
// particles (Zhu & Bridson 2005, particle_level_set) encloses more or less than the particles
// carry: a few per cent more on a box at rest, 20 % more on a ball five cells across, more or
// less in a film one particle thick depending on where it lies between cell centres. Each
// connected body of visible liquid (outside solids: max(phi, -solid distance)) has its surface
// offset, phi - delta with |delta| <= one cell, until it encloses the volume its particles
// carry, measured as the exported mesh measures it (level_set_volume). It acts on a copy at
// output (sim/frame_output): particles, velocities and the pressure solve's level set are
// untouched, so it adds no energy and does not fight the particles' density correction
// (density_correction), which keeps the particles evenly spread. A body of liquid swollen in a
// film is thinned as a whole; films are not thinned locally.
#include <vector>

#include "ripple/fluid/liquid_state.hpp"
#include "ripple/fluid/solid_boundary.hpp"

namespace ripple {

struct SurfaceVolumeReport {
  std::vector<double> volume;  ///< m^3 per component, inside its surface after the offset
  std::vector<double> target;  ///< m^3 per component, what its particles carry
  std::vector<double> offset;  ///< m per component, positive where the surface moved outwards
  double unassigned = 0.0;     ///< m^3 of particles more than a cell from every component (spray no surface shows)
  double in_solids = 0.0;      ///< m^3 of particles deeper inside a solid than their radius (no surface shows them)
  int unmet = 0;               ///< components whose target lies beyond the largest offset (held at it)
};

/// The largest offset (in cells) the control moves a surface by.
inline constexpr double kSurfaceOffsetCells = 1.0;

/// The liquid a user sees: max(phi, -solid distance) at cell centres (phi itself without solids).
ScalarGrid visible_level_set(const ScalarGrid& phi, const GridGeometry& g, const SolidBoundary& solids);

/// Particles per cell of g (x fastest), without reordering them. With `solids`, particles deeper
/// inside a solid than `depth` (m) are left out and counted in `in_solids`.
std::vector<int64_t> particles_per_cell(const Particles& particles, const GridGeometry& g,
                                        const SolidBoundary* solids = nullptr, double depth = 0.0,
                                        int64_t* in_solids = nullptr);

/// Offsets `phi` (built from particles, at cell centres of g; `per_cell` their count per cell)
/// component by component so that the volume inside the visible surface equals its particles'
/// volume (`particle_volume` m^3 each) within 2e-4 relative. A particle belongs to the
/// component of its cell or of a neighbouring cell (26-neighbourhood). A liquid cell whose six
/// neighbours are liquid stays liquid.
SurfaceVolumeReport hold_surface_volume(ScalarGrid& phi, const GridGeometry& g, const std::vector<int64_t>& per_cell,
                                        double particle_volume, const SolidBoundary& solids);

}  // namespace ripple
