#include "ripple/app/child_process.hpp"

#include "ripple/core/phase_timer.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <stdexcept>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace ripple {
std::string this_executable() { return std::filesystem::read_symlink("/proc/self/exe").string(); }

ChildProcess::ChildProcess(const std::string& program, const std::vector<std::string>& args,
                           const std::string& log_path) {
  const int log = ::open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (log < 0) throw std::runtime_error("cannot open " + log_path + ": " + std::strerror(errno));
  std::vector<std::string> argv_store{program};
  argv_store.insert(argv_store.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : argv_store) argv.push_back(a.data());
  argv.push_back(nullptr);
  const pid_t parent = ::getpid();
  started_ = std::chrono::steady_clock::now();
  pid_ = ::fork();
  if (pid_ < 0) {
    ::close(log);
    throw std::runtime_error(std::string("cannot start a child process: ") + std::strerror(errno));
  }
  if (pid_ == 0) {
    // The child: stop with the parent (SIGHUP stops a run at a checkpoint; the kernel sends it
    // once per thread of the parent that ends, which a SIGHUP stop takes calmly), unless the
    // parent is already gone; the log as stdout and stderr; then the program. Only async-signal-safe
    // calls between fork and exec.
    // Its own process group: a terminal's Ctrl-C or hangup reaches the parent, which stops its
    // children itself (so `nohup ripple compare` keeps its runs going too).
    ::setpgid(0, 0);
    ::signal(SIGHUP, SIG_DFL);  // not inherited ignored (nohup): the parent's death must stop it
    ::prctl(PR_SET_PDEATHSIG, SIGHUP);
    if (::getppid() != parent) ::_exit(127);
    ::dup2(log, STDOUT_FILENO);
    ::dup2(log, STDERR_FILENO);
    ::execvp(program.c_str(), argv.data());
    const char msg[] = "ripple: cannot start the program (not found or not executable)\n";
    [[maybe_unused]] const ssize_t w = ::write(STDERR_FILENO, msg, sizeof msg - 1);
    ::_exit(127);
  }
  ::close(log);
}

ChildProcess::~ChildProcess() {
  if (!done_) {
    send(SIGTERM);
    wait();
  }
}

void ChildProcess::record(int status, double peak_kib) {
  done_ = true;
  outcome_.wall_seconds = seconds_since(started_);
  outcome_.peak_memory = peak_kib * 1024.0;
  if (WIFEXITED(status)) outcome_.exit_code = WEXITSTATUS(status);
  else if (WIFSIGNALED(status)) outcome_.signal = WTERMSIG(status);
}

void ChildProcess::lost() {
  done_ = true;  // not our child any more (reaped elsewhere): ended, how unknown
  outcome_.wall_seconds = seconds_since(started_);
}

bool ChildProcess::finished() {
  if (done_) return true;
  int status = 0;
  rusage usage{};
  const pid_t r = ::wait4(pid_, &status, WNOHANG, &usage);
  if (r == pid_) record(status, static_cast<double>(usage.ru_maxrss));
  else if (r < 0 && errno != EINTR) lost();
  return done_;
}

void ChildProcess::wait() {
  while (!done_) {
    int status = 0;
    rusage usage{};
    const pid_t r = ::wait4(pid_, &status, 0, &usage);
    if (r == pid_) record(status, static_cast<double>(usage.ru_maxrss));
    else if (r < 0 && errno != EINTR) lost();
  }
}

void ChildProcess::send(int signal) const {
  if (!done_ && pid_ > 0) ::kill(pid_, signal);
}

}  // namespace ripple
