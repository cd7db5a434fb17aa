#pragma once
// The barrier method's per-frame state checks for stats.jsonl: penetration counted
// independently of the barrier, and each liquid component's smoothed volume against the
// target its constraint holds.
#include <nlohmann/json.hpp>

#include "ripple/coupling/barrier/barrier_state.hpp"
#include "ripple/world/world.hpp"

namespace ripple {

/// penetrating_vertices, min_solid_fluid_distance (m, null without solids) and
/// liquid_components: [{volume, target, change}] (m^3, m^3, relative), plus liquid_volume_lost
/// (m^3 over the run).
nlohmann::json barrier_frame_stats(const World& world, const BarrierCouplingState& state);

}  // namespace ripple
