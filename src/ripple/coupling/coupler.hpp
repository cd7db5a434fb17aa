#pragma once
// One coupling method behind one interface. The simulation loop (sim/simulation.cpp) owns the
// clock; per substep it asks the method for a stable time step and calls its step, per frame
// it asks for its stats. Everything a method keeps (settings, state between steps, per-frame
// figures) lives in its Coupler; nothing outside coupling/ names a method. A method is made
// from the scene by the factory (coupler_factory.hpp), which also checks that the method can
// couple the scene's liquid and solids.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "ripple/fluid/particle_level_set.hpp"
#include "ripple/io/binary_stream.hpp"
#include "ripple/world/frame_log.hpp"
#include "ripple/world/world.hpp"

namespace ripple {

class Coupler {
 public:
  virtual ~Coupler() = default;

  /// The method's name in the scene format (coupling.method).
  virtual std::string name() const = 0;

  /// How a level set built from particles continues into solids under this method.
  virtual SolidExtension solid_extension() const { return SolidExtension::mark_wet; }

  /// Once per run, after the solids and the solid boundary exist and before the liquid is
  /// seeded (also on a resume, before the checkpoint is read).
  virtual void prepare(World& world) {}

  /// Once at t = 0, after the liquid is seeded: throws InputError when the scene starts in a
  /// state the method cannot run from.
  virtual void check_start(const World& world) const {}

  /// Warnings about the scene as the method will run it (e.g. solids too coarse for the grid).
  virtual std::vector<std::string> start_warnings(const World& world) const { return {}; }

  /// Largest stable substep (s) of a world with liquid under this method.
  virtual double stable_time_step(const World& world) const;

  /// Advances a world with liquid (or without, where steps_dry_solids) by dt (s) from
  /// world.time, the solids with it; records its figures in ctx and in the coupler. Does not
  /// advance the clock.
  virtual void step(World& world, double dt, const StepContext& ctx) = 0;

  /// Whether step() also advances the solids of a world without liquid (the method's own solid
  /// solve, as in its paper's solid-only scenes); otherwise the solids' own step does.
  virtual bool steps_dry_solids() const { return false; }

  /// Adds the method's entries to a frame's stats line (a world it steps) and starts the
  /// next frame's figures afresh. `log` holds the figures every method shares.
  virtual void write_frame_stats(const World& world, const FrameLog& log, nlohmann::json& stats) {}

  /// Where the liquid's level set reaches into coupled bodies: their signed distance at grid
  /// nodes (m, negative inside), so that output shows the liquid outside them; null otherwise.
  virtual const ScalarGrid* body_phi() const { return nullptr; }

  /// The liquid's surface as the method carries it (closed, facing the air), which output shows
  /// and measures instead of the level set's zero set; none (the default): the zero set. May
  /// set up the method's state from the seeded liquid (frame 0 is written before any step).
  virtual std::optional<TriangleMesh> liquid_surface(World& world) { return std::nullopt; }

  /// The method's state between steps, in a checkpoint.
  virtual void save(BinaryWriter& out) const {}
  virtual void load(BinaryReader& in) {}
  /// Called once a checkpoint's whole state is in `world`: rebuilds what the method derives
  /// from it between steps (its cut cells, its bodies' distance), which the last step left and
  /// a frame written before the next step reads.
  virtual void after_load(World& world) {}
};

/// Whether the coupler steps this world (its liquid, or its solids alone where it steps dry
/// solids); otherwise the solids' own step advances them.
inline bool coupler_steps(const Coupler& coupler, const World& world) {
  return world.has_liquid() || coupler.steps_dry_solids();
}

}  // namespace ripple
