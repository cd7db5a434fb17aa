#pragma once
// A child `ripple` process: started with its output appended to a log file, polled without
// blocking, and measured when it ends (exit status, peak memory). A child outlives no parent:
// if the parent dies, the child gets SIGHUP (Linux), so a `ripple run` stops at a checkpoint.
#include <chrono>
#include <string>
#include <sys/types.h>
#include <vector>

namespace ripple {

struct ChildOutcome {
  int exit_code = -1;         ///< the child's exit status (-1: killed by a signal)
  int signal = 0;             ///< the signal that killed it (0: it exited)
  double peak_memory = 0.0;   ///< bytes, its largest resident set
  double wall_seconds = 0.0;  ///< s from start to end
};

class ChildProcess {
 public:
  /// Starts `program` (a path, or a name looked up in PATH) with `args` (argv[1...]), stdout and
  /// stderr appended to `log_path`.
  /// Throws std::runtime_error if it cannot be started.
  ChildProcess(const std::string& program, const std::vector<std::string>& args, const std::string& log_path);
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
  ~ChildProcess();

  /// True once the child has ended (then outcome() holds how); never blocks.
  bool finished();
  /// Blocks until the child ends.
  void wait();
  /// Sends `signal` to a running child.
  void send(int signal) const;
  const ChildOutcome& outcome() const { return outcome_; }

 private:
  void record(int status, double peak_kib);
  void lost();
  pid_t pid_ = -1;
  bool done_ = false;
  std::chrono::steady_clock::time_point started_;
  ChildOutcome outcome_;
};

/// The path of the running executable (/proc/self/exe).
std::string this_executable();

}  // namespace ripple
