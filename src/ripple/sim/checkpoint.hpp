#pragma once
// Resumable binary checkpoints of the full simulation state (written atomically).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ripple/coupling/coupler.hpp"

namespace ripple {

/// Hash of the physics-relevant scene (everything but `output`), so a checkpoint is only
/// resumed by the scene that wrote it.
uint64_t scene_fingerprint(const Scene& scene);

/// The world with the coupling method's own state (Coupler::save), behind a header holding
/// the format version, the state's length and its CRC-32 (zlib).
void write_checkpoint(const std::string& path, const World& world, const Coupler& coupler);
/// Restores the world state from `path`. Throws InputError, before any state is touched, if
/// the file is truncated, fails its checksum or is of another format version; and if it was
/// written for another scene or its contents disagree with the scene.
void read_checkpoint(const std::string& path, World& world, Coupler& coupler);
/// Checks `path`'s header and checksum only (InputError if either fails).
void verify_checkpoint(const std::string& path);

/// Checkpoint files in `output_dir`/checkpoints, the newest (highest frame) first.
std::vector<std::string> checkpoints_newest_first(const std::string& output_dir);
/// Newest checkpoint file in `output_dir`/checkpoints, if any.
std::optional<std::string> latest_checkpoint(const std::string& output_dir);
/// The newest checkpoint older than `bad` that passes verify_checkpoint, if any.
std::optional<std::string> newest_good_checkpoint_before(const std::string& output_dir, const std::string& bad);
/// Deletes all but the `keep` newest checkpoints (keep <= 0: keeps all).
void prune_checkpoints(const std::string& output_dir, int keep);
/// Deletes the checkpoints newer than `resumed`: the run recomputes from there.
void remove_checkpoints_after(const std::string& output_dir, const std::string& resumed);

}  // namespace ripple
