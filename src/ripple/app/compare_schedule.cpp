#include "ripple/app/compare_schedule.hpp"

#include <algorithm>
#include <functional>

#include "ripple/core/errors.hpp"

namespace ripple {

ScheduleMode schedule_mode(const std::string& name) {
  if (name == "auto") return ScheduleMode::Auto;
  if (name == "sequential") return ScheduleMode::Sequential;
  if (name == "side-by-side") return ScheduleMode::SideBySide;
  throw InputError("--schedule " + name, "expected auto, sequential or side-by-side");
}

std::string Schedule::describe() const {
  return at_once == 1 ? "one after another, " + std::to_string(threads_each) + " thread(s) each"
                      : "side by side, " + std::to_string(at_once) + " at a time with " + std::to_string(threads_each) +
                            " thread(s) each";
}

Schedule choose_schedule(ScheduleMode mode, int cores, std::vector<double> memory, double available) {
  Schedule s;
  const int n = static_cast<int>(memory.size());
  cores = std::max(1, cores);
  if (mode == ScheduleMode::Sequential || n <= 1 || cores < 2) {
    s.threads_each = cores;
    return s;
  }
  s.at_once = std::min(n, cores);
  if (mode == ScheduleMode::Auto && available > 0.0) {
    std::sort(memory.begin(), memory.end(), std::greater<>());
    auto fits = [&](int k) {
      double sum = 0.0;
      for (int i = 0; i < k; ++i) sum += memory[i];
      return sum <= 0.8 * available;
    };
    while (s.at_once > 1 && !fits(s.at_once)) --s.at_once;
  }
  s.threads_each = std::max(1, cores / s.at_once);
  return s;
}

}  // namespace ripple
