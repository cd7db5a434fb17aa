#pragma once
// Accumulates wall time per named phase of a step (reported per frame in stats.jsonl).
#include <chrono>
#include <map>
#include <string>

namespace ripple {

class PhaseTimings {
 public:
  void add(const std::string& phase, double seconds) { totals_[phase] += seconds; }
  const std::map<std::string, double>& totals() const { return totals_; }
  void clear() { totals_.clear(); }

 private:
  std::map<std::string, double> totals_;
};

/// RAII timer: adds its lifetime to `timings[phase]`.
class ScopedPhase {
 public:
  ScopedPhase(PhaseTimings& timings, std::string phase)
      : timings_(timings), phase_(std::move(phase)), start_(std::chrono::steady_clock::now()) {}
  ~ScopedPhase() { stop(); }
  /// Ends the phase before the end of the scope (only the first call counts).
  void stop() {
    if (stopped_) return;
    stopped_ = true;
    timings_.add(phase_, std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count());
  }
  ScopedPhase(const ScopedPhase&) = delete;
  ScopedPhase& operator=(const ScopedPhase&) = delete;

 private:
  PhaseTimings& timings_;
  std::string phase_;
  std::chrono::steady_clock::time_point start_;
  bool stopped_ = false;
};

inline double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace ripple
