#pragma once
// Resumable binary checkpoints of the full simulation state (written atomically).
#include <cstdint>
#include <optional>
#include <string>

#include "ripple/coupling/coupler.hpp"

namespace ripple {

/// Hash of the physics-relevant scene (everything but `output`), so a checkpoint is only
/// resumed by the scene that wrote it.
uint64_t scene_fingerprint(const Scene& scene);

/// The world with the coupling method's own state (Coupler::save).
void write_checkpoint(const std::string& path, const World& world, const Coupler& coupler);
/// Restores the world state from `path`; throws InputError if the file is corrupt or was
/// written for another scene.
void read_checkpoint(const std::string& path, World& world, Coupler& coupler);
/// Newest checkpoint file in `dir`/checkpoints, if any.
std::optional<std::string> latest_checkpoint(const std::string& output_dir);

}  // namespace ripple
