#pragma once
// `ripple compare`: one scene under several coupling methods, each a `ripple run` child process
// in its own folder (resumable), then a summary.json and a report drawn by
// scripts/compare_report.py (HTML page and PNG figures).
#include <string>
#include <vector>

#include "ripple/scene/scene_loader.hpp"

namespace ripple {

class StopSignals;

struct CompareOptions {
  std::string scene_path;
  std::string out_dir;               ///< empty: out/<scene file name>_compare
  std::vector<std::string> methods;  ///< empty: every method that can couple the scene
  int frames = -1;                   ///< stop after this frame (-1: the scene's end)
  int threads = 0;                   ///< cores to use in all (0: all)
  std::string schedule = "auto";     ///< "auto", "sequential" or "side-by-side"
  SceneOverrides overrides;          ///< --set values, given to every run
  bool overwrite = false;            ///< start every run afresh
  bool quiet = false;
};

/// Runs the comparison; returns the exit code (0; 2 bad input, nothing run; 3 a method failed
/// or the report could not be drawn; 128 + signal when stopped by SIGINT or SIGTERM).
int run_compare(const CompareOptions& options, const StopSignals& stop);

}  // namespace ripple
