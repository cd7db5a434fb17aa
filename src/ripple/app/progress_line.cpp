#include "ripple/app/progress_line.hpp"

#include <unistd.h>

#include <cstdio>

namespace ripple {

ProgressLine::ProgressLine(bool quiet) : quiet_(quiet), tty_(isatty(STDERR_FILENO) != 0) {}

void ProgressLine::frame(const ProgressInfo& i) {
  if (quiet_) return;
  const std::string line = format_progress(i);
  if (tty_) {
    std::fprintf(stderr, "\r\033[K%s", line.c_str());
    line_open_ = true;
  } else {
    std::fprintf(stderr, "%s\n", line.c_str());
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
