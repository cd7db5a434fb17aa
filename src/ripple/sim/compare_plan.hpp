#pragma once
// Which coupling methods `ripple compare` runs a scene under: every method that can couple it,
// or the ones the user names, each checked the way `ripple run` checks a scene.
#include <string>
#include <vector>

#include "ripple/scene/scene_loader.hpp"

namespace ripple {

/// One method's verdict on the scene.
struct CompareCandidate {
  std::string method;
  bool runnable = false;
  std::string reason;                ///< why it cannot run the scene (runnable false)
  std::vector<std::string> notices;  ///< what the run will say at its start (a liquid conversion)
  SceneOverrides overrides;          ///< the user's --set values plus /coupling/method
  int last_frame = 0;                ///< the frame number the run stops after
  double end_time = 0.0;             ///< s, simulated time at that frame
  double memory_bytes = 0.0;         ///< the run's estimated memory (scene_loader's estimate)
  double relative_cost = 1.0;        ///< the method's usual cost per substep against cutcell's
  nlohmann::json resolved;           ///< the scene as the run will read it (every default filled in)
};

/// The scene under each method, checked as `ripple validate` checks it (the scene, then the
/// world at t = 0 with the method's start check). With `requested` empty, every method but
/// `none` (which couples nothing); otherwise those named, in that order. `max_frames` < 0 runs the scene's whole time.
/// Throws InputError (nothing run) for an unknown or repeated method name, a named method that
/// cannot couple the scene (with its reason), or a scene no method can run.
std::vector<CompareCandidate> plan_compare(const std::string& scene_path, const SceneOverrides& overrides,
                                           const std::vector<std::string>& requested, int max_frames);

}  // namespace ripple
