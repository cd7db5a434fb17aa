#pragma once
// Progress output: a live, rewritten line on a terminal; plain log lines otherwise.
#include <string>

#include "ripple/sim/progress_text.hpp"

namespace ripple {

class ProgressLine {
 public:
  explicit ProgressLine(bool quiet);
  void frame(const ProgressInfo& info);
  void message(const std::string& level, const std::string& text);
  void finish();

 private:
  bool quiet_, tty_;
  bool line_open_ = false;
};

}  // namespace ripple
