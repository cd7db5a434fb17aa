#pragma once
// The world at t = 0, built as `ripple run` builds it for a scene and its coupling method.
#include <memory>

#include "ripple/coupling/coupler.hpp"

namespace ripple {

/// Solids and solid boundary, the method's preparation, the liquid seeded outside every solid,
/// the method's start check (throws InputError for a start the method cannot run from).
void initialise_world(World& world, Coupler& coupler);

/// The same with the scene's method made by the factory (coupler_factory.hpp), returned.
std::unique_ptr<Coupler> initialise_world(World& world);

}  // namespace ripple
