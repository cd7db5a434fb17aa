#pragma once
// How `ripple compare` spreads its runs over the cores: one after another with every core
// each, or side by side with the cores shared out.
#include <string>
#include <vector>

namespace ripple {

enum class ScheduleMode { Auto, Sequential, SideBySide };

/// "auto", "sequential" or "side-by-side"; throws InputError for anything else.
ScheduleMode schedule_mode(const std::string& name);

struct Schedule {
  int at_once = 1;       ///< runs at a time
  int threads_each = 1;  ///< worker threads of each run
  /// "one after another, 2 thread(s) each" or "side by side, 2 at a time with 1 thread(s) each".
  std::string describe() const;
};

/// The schedule of runs whose estimated memory is `memory` (bytes, one per run) on `cores`
/// cores. Auto: side by side, as many at once as there are cores, while the largest of them fit
/// in 80 % of the memory available (`available`, bytes; 0: unknown, no limit), because a run
/// leaves part of its cores idle in its serial phases (setup, output, single-threaded solves)
/// and another run fills them (bench/compare_schedule.sh: 0.66 of the sequential wall time on
/// 2 cores); one after another otherwise.
Schedule choose_schedule(ScheduleMode mode, int cores, std::vector<double> memory, double available);

}  // namespace ripple
