#pragma once
// The one place that lists the coupling methods: each is a name, a sentence for the scene
// format's reference, its settings schema and a function that makes its Coupler from a
// validated scene (checking that it can couple the scene's liquid and solids). Adding a method
// is one folder under coupling/ plus one line in coupler_factory.cpp.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ripple/coupling/coupler.hpp"
#include "ripple/scene/scene_schema.hpp"
#include "ripple/world/stats_fields.hpp"

namespace ripple {

/// What a method supports beyond its liquid and solids; a scene asking for more is refused.
struct CouplingCapabilities {
  bool emitters = false;          ///< fluid.emitters and fluid.drains
  bool moving_obstacles = false;  ///< obstacles with a velocity, a spin or keyframes
};

struct CouplingMethod {
  CouplingSchema schema;  ///< name, summary, settings block
  std::function<std::unique_ptr<Coupler>(const Scene&)> make;
  std::vector<StatsField> stats;  ///< what its Coupler::write_frame_stats adds to a stats line
  CouplingCapabilities capabilities;
};

/// Every method, the default (`none`) first.
const std::vector<CouplingMethod>& coupling_methods();

/// Their schema fragments, for scene_schema().
std::vector<CouplingSchema> coupling_schemas();

/// The stats fields of every method that adds some, one group each.
std::vector<StatsGroup> coupling_stats_groups();

/// The scene's method (scene.coupling_method), made and checked against the scene: throws
/// InputError naming the key when the method cannot couple what the scene holds or lacks a
/// capability it asks for (naming the methods that have it).
std::unique_ptr<Coupler> make_coupler(const Scene& scene);

}  // namespace ripple
