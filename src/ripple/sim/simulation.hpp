#pragma once
// The frame loop: substeps, per-frame outputs, checkpoints, resume, failure handling.
#include <functional>
#include <string>

#include "ripple/scene/scene.hpp"

namespace ripple {

struct ProgressInfo {
  int frame = 0, total_frames = 0;
  double sim_time = 0.0;   ///< s
  int substeps = 0;        ///< in the last frame
  double wall_seconds = 0.0, eta_seconds = 0.0;
  bool liquid = false, solids = false;  ///< what the scene simulates
  double volume_change = 0.0;            ///< liquid volume, relative to the start
  int newton_iterations = 0;             ///< solid Newton iterations in the last frame
  double min_contact_gap = 0.0;          ///< m, smallest over the frame (infinite: no pair near)
};

struct RunOptions {
  std::string output_dir;
  int max_frames = -1;   ///< stop after this frame number (-1: the scene's end time)
  bool resume = false;   ///< continue from the newest checkpoint in output_dir
  std::function<void(const ProgressInfo&)> on_frame;
  std::function<void(const std::string&)> on_warning;
  std::function<void(const std::string&)> on_info;
};

struct RunSummary {
  int first_frame = 0, last_frame = 0;
  double wall_seconds = 0.0;
};

/// Runs `scene`. Throws SimulationError on failure (frames already written stay intact) and
/// InputError for an unusable resume directory.
RunSummary run_simulation(const Scene& scene, const RunOptions& options);

}  // namespace ripple
