#include "ripple/app/stop_signals.hpp"

#include <unistd.h>

#include <csignal>
#include <cstring>

namespace ripple {
namespace {

// A signal handler can reach nothing but a lock-free flag with static storage: this is the one
// piece of process-wide state in ripple, owned by StopSignals.
volatile std::sig_atomic_t g_received = 0;
struct sigaction g_old_int, g_old_term, g_old_hup;

void on_signal(int signo) {
  if (g_received == 0) g_received = signo;
  static const char msg[] =
      "\nripple: stopping after the current substep and writing a checkpoint (signal again to quit at once)\n";
  const ssize_t ignored = write(STDERR_FILENO, msg, sizeof msg - 1);  // async-signal-safe, unlike stdio
  (void)ignored;
}

/// SIGHUP (the terminal closed, or the `ripple compare` that started the run died: its children
/// get SIGHUP from the kernel, once per thread of the parent that ends) stops the run the same
/// way however often it comes: it never quits at once.
void on_hangup(int signo) {
  if (g_received != 0) return;
  g_received = signo;
  static const char msg[] = "\nripple: hangup (the terminal or the parent process has gone): stopping after the "
                            "current substep and writing a checkpoint\n";
  const ssize_t ignored = write(STDERR_FILENO, msg, sizeof msg - 1);
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
  struct sigaction hup = sa;
  hup.sa_handler = on_hangup;
  hup.sa_flags = 0;
  sigaction(SIGHUP, &hup, &g_old_hup);
}

StopSignals::~StopSignals() {
  sigaction(SIGINT, &g_old_int, nullptr);
  sigaction(SIGTERM, &g_old_term, nullptr);
  sigaction(SIGHUP, &g_old_hup, nullptr);
}

int StopSignals::received() const { return static_cast<int>(g_received); }

}  // namespace ripple
