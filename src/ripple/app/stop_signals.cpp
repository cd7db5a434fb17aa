#include "ripple/app/stop_signals.hpp"

#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstring>

namespace ripple {
namespace {

// A signal handler can reach nothing but a lock-free flag with static storage: this is the one
// piece of process-wide state in ripple, owned by StopSignals. The first signal wins, also when
// two arrive on two threads at once.
std::atomic<int> g_received{0};
static_assert(std::atomic<int>::is_always_lock_free);
struct sigaction g_old_int, g_old_term, g_old_hup;

bool record_first(int signo) {
  int none = 0;
  return g_received.compare_exchange_strong(none, signo);
}

void on_signal(int signo) {
  record_first(signo);
  static const char msg[] =
      "\nripple: stopping after the current substep and writing a checkpoint (signal again to quit at once)\n";
  const ssize_t ignored = write(STDERR_FILENO, msg, sizeof msg - 1);  // async-signal-safe, unlike stdio
  (void)ignored;
}

/// SIGHUP (the terminal closed, or the `ripple compare` that started the run died: its children
/// get SIGHUP from the kernel, once per thread of the parent that ends) stops the run the same
/// way however often it comes: it never quits at once.
void on_hangup(int signo) {
  if (!record_first(signo)) return;
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
  sigemptyset(&sa.sa_mask);  // no handler interrupts another
  sigaddset(&sa.sa_mask, SIGINT);
  sigaddset(&sa.sa_mask, SIGTERM);
  sigaddset(&sa.sa_mask, SIGHUP);
  sa.sa_flags = SA_RESETHAND;  // a second signal: the default action
  sigaction(SIGINT, &sa, &g_old_int);
  sigaction(SIGTERM, &sa, &g_old_term);
  // A hangup ignored by whoever started us (nohup) stays ignored.
  sigaction(SIGHUP, nullptr, &g_old_hup);
  if (g_old_hup.sa_handler != SIG_IGN) {
    struct sigaction hup = sa;
    hup.sa_handler = on_hangup;
    hup.sa_flags = 0;
    sigaction(SIGHUP, &hup, nullptr);
  }
}

StopSignals::~StopSignals() {
  sigaction(SIGINT, &g_old_int, nullptr);
  sigaction(SIGTERM, &g_old_term, nullptr);
  sigaction(SIGHUP, &g_old_hup, nullptr);
}

int StopSignals::received() const { return g_received.load(); }

}  // namespace ripple
