#pragma once
// The gas sources of a scene on the grid: the cells whose centre and the faces whose centre lie
// inside each source's shape. Every substep the cells get the source's smoke and temperature,
// and, when the source has a velocity, the faces become an inflow held at it: closed to the
// projection, with the source's velocity as their boundary velocity (as a moving solid's faces).
// A source without velocity only emits.
#include <array>
#include <string>
#include <vector>

#include "ripple/fluid/liquid_state.hpp"
#include "ripple/fluid/solid_boundary.hpp"
#include "ripple/scene/scene.hpp"

namespace ripple {

struct GasSourceCells {
  std::string pointer;                      ///< the source in the scene, for messages
  std::vector<int64_t> cells;               ///< cell indices inside the shape
  std::array<std::vector<int64_t>, 3> faces;  ///< per axis, face indices inside the shape (none when still)
  Vec3 velocity = Vec3::Zero();             ///< m/s
  double smoke = 1.0, temperature = 0.0;    ///< concentration, K above ambient
  double markers_per_second = 0.0;          ///< marker particles it releases (1/s)
};

/// The sources of `scene.fluid.gas` on its grid. Throws InputError (naming the source) when a
/// source holds no cell, or when the sources blow gas in through the domain's sides while every
/// side is a wall (the gas would have nowhere to go: the projection has no solution).
std::vector<GasSourceCells> gas_source_cells(const Scene& scene);

/// Net volume flux (m^3/s) the sources blow into the domain through its sides.
double gas_source_inflow(const std::vector<GasSourceCells>& sources, const GridGeometry& grid);

/// Sets every source's smoke and temperature in its cells.
void emit_gas_sources(const std::vector<GasSourceCells>& sources, LiquidState& gas);

/// emit_gas_sources, and holds every source's velocity on its faces, closing those faces in
/// `boundary` with the source's velocity.
void apply_gas_sources(const std::vector<GasSourceCells>& sources, LiquidState& gas, SolidBoundary& boundary);

}  // namespace ripple
