#include "ripple/app/progress_line.hpp"

#include <unistd.h>

#include <cstdio>

namespace ripple {

ProgressLine::ProgressLine(bool quiet) : quiet_(quiet), tty_(isatty(STDERR_FILENO) != 0) {}

void ProgressLine::show(const std::string& line) {
  if (tty_) {
    std::fprintf(stderr, "\r\033[K%s", line.c_str());
    line_open_ = true;
  } else {
    std::fprintf(stderr, "%s\n", line.c_str());
  }
  std::fflush(stderr);
}

void ProgressLine::frame(const ProgressInfo& i) {
  if (!quiet_) show(format_progress(i));
}

void ProgressLine::substep(const SubstepInfo& i) {
  if (quiet_) return;
  const double t = i.frame_wall_seconds;
  if (i.frame != substep_frame_) {
    substep_frame_ = i.frame;
    last_substep_report_ = 0.0;
  }
  const double first = tty_ ? 2.0 : 30.0, every = tty_ ? 0.5 : 30.0;
  if (t < first || t - last_substep_report_ < every) return;
  last_substep_report_ = t;
  char buf[256];
  std::snprintf(buf, sizeof buf, "frame %d/%d in progress: substep %d, t=%.6gs, dt=%.3gs, %s on this frame", i.frame,
                i.total_frames, i.substep, i.sim_time, i.dt, format_duration(t).c_str());
  show(buf);
}

void ProgressLine::message(const std::string& level, const std::string& text) {
  if (quiet_ && level == "info") return;
  if (line_open_) { std::fprintf(stderr, "\n"); line_open_ = false; }
  std::fprintf(stderr, "ripple: %s: %s\n", level.c_str(), text.c_str());
}

void ProgressLine::finish() {
  if (line_open_) std::fprintf(stderr, "\n");
  line_open_ = false;
}

}  // namespace ripple
