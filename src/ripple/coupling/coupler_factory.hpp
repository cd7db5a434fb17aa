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

/// What a method can couple; a scene asking for more is refused (exit 2) naming the methods
/// that can. `ripple methods` and docs/methods.md print it.
struct CouplingCapabilities {
  std::vector<LiquidRepresentation> liquids;  ///< the fluid.representation values it runs
  std::vector<SolidKind> solids;              ///< the Lagrangian solids it couples with the liquid, two ways
  bool uncoupled_solids = false;  ///< moves every kind of solid, without the liquid (nor it them)
  bool emitters = false;          ///< fluid.emitters and fluid.drains
  bool moving_obstacles = false;  ///< obstacles with a velocity, a spin, keyframes or a mesh sequence
  bool moving_pins = false;       ///< pinned vertices of shells, rods and volumes on a path
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

/// The capability table of every method (Markdown): `ripple methods`, docs/methods.md.
std::string coupling_methods_markdown();

/// Carries the scene's liquid the way its method runs it where the method does not run the
/// representation given (barrier needs a level set, monolith particles): the liquid starts from
/// its regions whatever carries it. Says so in scene.notices. A gas stays; a scene without
/// liquid is left as it is.
void fit_liquid_to_method(Scene& scene);

/// The scene's method (scene.coupling_method), made and checked against the scene: throws
/// InputError naming the key when the method cannot couple what the scene holds or lacks a
/// capability it asks for (naming the methods that have it).
std::unique_ptr<Coupler> make_coupler(const Scene& scene);

}  // namespace ripple
