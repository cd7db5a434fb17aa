#pragma once
// SIGINT (Ctrl-C), SIGTERM and SIGHUP as a request to stop a run at the end of its current
// substep, with a checkpoint, instead of killing it with its last frames' work lost.
namespace ripple {

/// Installs the handlers for its lifetime (one instance at a time). The first signal is
/// recorded and announced; a second SIGINT or SIGTERM gets the default action (quit at once),
/// a second SIGHUP nothing.
class StopSignals {
 public:
  StopSignals();
  ~StopSignals();
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;
  /// The signal number received, 0 if none.
  int received() const;
};

}  // namespace ripple
