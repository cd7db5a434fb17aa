#include "ripple/app/stop_signals.hpp"

#include <unistd.h>

#include <csignal>
#include <cstring>

namespace ripple {
namespace {

// A signal handler can reach nothing but a lock-free flag with static storage: this is the one
// piece of process-wide state in ripple, owned by StopSignals.
volatile std::sig_atomic_t g_received = 0;
struct sigaction g_old_int, g_old_term;

void on_signal(int signo) {
  if (g_received == 0) g_received = signo;
  static const char msg[] =
      "\nripple: stopping after the current substep and writing a checkpoint (signal again to quit at once)\n";
  const ssize_t ignored = write(STDERR_FILENO, msg, sizeof msg - 1);  // async-signal-safe, unlike stdio
  (void)ignored;
}

}  // namespace

StopSignals::StopSignals() {
  g_received = 0;
  struct sigaction sa;
  std::memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESETHAND;  // a second signal: the default action
  sigaction(SIGINT, &sa, &g_old_int);
  sigaction(SIGTERM, &sa, &g_old_term);
}

StopSignals::~StopSignals() {
  sigaction(SIGINT, &g_old_int, nullptr);
  sigaction(SIGTERM, &g_old_term, nullptr);
}

int StopSignals::received() const { return static_cast<int>(g_received); }

}  // namespace ripple
