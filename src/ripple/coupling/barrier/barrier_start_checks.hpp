#pragma once
// What the barrier method (Liu et al. 2025) checks of a scene before its first step: which
// solid vertices feel the liquid, a penetration-free start, and solids fine enough for the grid.
#include <string>
#include <vector>

#include "ripple/coupling/barrier/barrier_settings.hpp"
#include "ripple/world/world.hpp"

namespace ripple {

/// Per solid vertex: 1 if it belongs to a simulated body (shell, rod, volume, rigid) and so
/// feels the liquid; obstacles and domain walls are the liquid's cut-cell boundaries instead.
std::vector<uint8_t> liquid_coupled_vertices(const World& world);

/// Throws InputError (naming the solid and a vertex) when a simulated solid starts inside the
/// liquid: the barrier needs a penetration-free start.
void check_solids_start_outside_liquid(const World& world);

/// One message per simulated solid whose edges are longer than a cell: the barrier acts on
/// its points only, so liquid can pass between points farther apart than dx (Sec. 4.3.3).
std::vector<std::string> barrier_resolution_warnings(const World& world, const BarrierSettings& settings);

}  // namespace ripple
