#pragma once
// Progress output: a live, rewritten line on a terminal; plain log lines otherwise.
#include <string>

#include "ripple/sim/progress_text.hpp"

namespace ripple {

class ProgressLine {
 public:
  explicit ProgressLine(bool quiet);
  void frame(const ProgressInfo& info);
  /// A frame in progress: shown once it has run for a few seconds (a slow or stalling frame
  /// is visible), at most twice a second on a terminal, every 30 s in a log.
  void substep(const SubstepInfo& info);
  void message(const std::string& level, const std::string& text);
  void finish();

 private:
  /// Rewrites the live line on a terminal; a log line otherwise.
  void show(const std::string& line);
  bool quiet_, tty_;
  bool line_open_ = false;
  int substep_frame_ = -1;            ///< the frame of the last substep report
  double last_substep_report_ = 0.0;  ///< s into that frame of the last substep report
};

}  // namespace ripple
