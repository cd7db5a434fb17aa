#pragma once
// The whole mutable simulation state built from an immutable Scene: the liquid side
// (fluid/liquid_world.hpp) plus the Lagrangian solids. What a coupling method keeps besides
// lives in its Coupler, not here.
#include <memory>

#include "ripple/fluid/liquid_world.hpp"
#include "ripple/world/frame_log.hpp"
#include "ripple/world/solid_world.hpp"

namespace ripple {

struct World : LiquidWorld {
  explicit World(const Scene& scene) : LiquidWorld(scene) {}
  std::unique_ptr<SolidWorld> lagrangian;  ///< shells, rods, volumes, rigid bodies (null if none)
};

/// The solid boundary at t = 0 and the Lagrangian solids: what must exist before a coupling
/// method prepares itself and before the liquid is seeded.
void build_solids(World& world);

/// One implicit step of the Lagrangian solids alone (they do not feel the liquid) from
/// world.time; records its Newton figures in ctx.
void step_free_solids(World& world, double dt, const StepContext& ctx);

}  // namespace ripple
