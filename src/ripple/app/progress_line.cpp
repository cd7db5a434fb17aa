#include "ripple/app/progress_line.hpp"

#include <unistd.h>

#include <cmath>
#include <cstdio>

namespace ripple {

std::string format_duration(double s) {
  char buf[32];
  if (!std::isfinite(s)) return "?";
  if (s < 60) std::snprintf(buf, sizeof buf, "%.1fs", s);
  else if (s < 3600) std::snprintf(buf, sizeof buf, "%dm%02ds", static_cast<int>(s) / 60, static_cast<int>(s) % 60);
  else std::snprintf(buf, sizeof buf, "%dh%02dm", static_cast<int>(s) / 3600, (static_cast<int>(s) / 60) % 60);
  return buf;
}

ProgressLine::ProgressLine(bool quiet) : quiet_(quiet), tty_(isatty(STDERR_FILENO) != 0) {}

void ProgressLine::frame(const ProgressInfo& i) {
  if (quiet_) return;
  char buf[256];
  std::snprintf(buf, sizeof buf, "frame %d/%d  t=%.4fs  substeps %d  volume %+.3f%%  wall %s  ETA %s", i.frame,
                i.total_frames, i.sim_time, i.substeps, 100.0 * i.volume_change, format_duration(i.wall_seconds).c_str(),
                format_duration(i.eta_seconds).c_str());
  if (tty_) {
    std::fprintf(stderr, "\r\033[K%s", buf);
    line_open_ = true;
  } else {
    std::fprintf(stderr, "%s\n", buf);
  }
  std::fflush(stderr);
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
