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

/// Where a frame in progress stands, reported after every substep.
struct SubstepInfo {
  int frame = 0, total_frames = 0;  ///< the frame being computed
  int substep = 0;                  ///< substeps so far in this frame
  double sim_time = 0.0, dt = 0.0;  ///< s
  double frame_wall_seconds = 0.0;  ///< s spent on this frame so far
};

struct RunOptions {
  std::string output_dir;
  int max_frames = -1;   ///< stop after this frame number (-1: the scene's end time)
  bool resume = false;   ///< continue from a checkpoint in output_dir
  std::string resume_checkpoint;  ///< with resume: this checkpoint file (empty: the newest)
  bool overwrite = false;         ///< delete another run's outputs in output_dir first
  /// Polled after every substep: a non-zero value (a signal number) stops the run there with
  /// a checkpoint of the state reached (RunSummary::stopped_by).
  std::function<int()> stop_requested;
  std::function<void(const SubstepInfo&)> on_substep;
  std::function<void(const ProgressInfo&)> on_frame;
  std::function<void(const std::string&)> on_warning;
  std::function<void(const std::string&)> on_info;
};

struct RunSummary {
  int first_frame = 0, last_frame = 0;
  double wall_seconds = 0.0;
  int stopped_by = 0;           ///< the stop_requested value that ended the run early (0: none)
  double stopped_at_time = 0.0; ///< s, simulated time of that stop
  std::string stop_checkpoint;  ///< the checkpoint written at that stop
};

/// Runs `scene`. Throws SimulationError on failure (frames already written stay intact) and
/// InputError for an unusable output or resume directory (a corrupt checkpoint is refused with
/// the name of the newest good one before it).
RunSummary run_simulation(const Scene& scene, const RunOptions& options);

}  // namespace ripple
