#pragma once
// Resumable binary checkpoints of the full simulation state (written atomically).
#include <cstdint>
#include <optional>
#include <string>

#include "ripple/sim/world.hpp"

namespace ripple {

/// Hash of the physics-relevant scene (everything but `output`), so a checkpoint is only
/// resumed by the scene that wrote it.
uint64_t scene_fingerprint(const Scene& scene);

void write_checkpoint(const std::string& path, const World& world);
/// Restores the world state from `path`; throws InputError if the file is corrupt or was
/// written for another scene.
void read_checkpoint(const std::string& path, World& world);
/// Newest checkpoint file in `dir`/checkpoints, if any.
std::optional<std::string> latest_checkpoint(const std::string& output_dir);

}  // namespace ripple
