#pragma once
// A coupling method's capabilities against a scene: the check made before the method is built,
// the liquid conversion made before it (fit_liquid_to_method) and the capability table
// (coupling_methods_markdown), both declared with the methods in coupler_factory.hpp.
#include "ripple/scene/scene.hpp"

namespace ripple {

struct CouplingMethod;

/// Throws InputError naming the key, the method and the methods that can, where the scene asks
/// `method` for a liquid, a solid or a feature it lacks.
void check_capabilities(const Scene& scene, const CouplingMethod& method);

}  // namespace ripple
