#include "ripple/app/compare_command.hpp"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <thread>

#include "ripple/app/child_process.hpp"
#include "ripple/app/compare_folder.hpp"
#include "ripple/app/compare_schedule.hpp"
#include "ripple/app/exit_codes.hpp"
#include "ripple/app/stop_signals.hpp"
#include "ripple/core/errors.hpp"
#include "ripple/core/phase_timer.hpp"
#include "ripple/sim/checkpoint.hpp"
#include "ripple/sim/compare_plan.hpp"
#include "ripple/sim/compare_summary.hpp"
#include "ripple/sim/progress_text.hpp"

namespace ripple {
namespace fs = std::filesystem;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

void say(bool quiet, const std::string& text) {
  if (!quiet) std::cerr << "ripple: " << text << "\n";
}

std::string megabytes(double bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f MB", bytes / 1e6);
  return buf;
}

/// The last non-empty lines of `log` from byte `from` on: a failed run's error.
std::string log_tail(const fs::path& log, std::uintmax_t from, int lines) {
  std::ifstream in(log);
  in.seekg(static_cast<std::streamoff>(from));
  std::vector<std::string> all;
  std::string line;
  while (std::getline(in, line))
    if (!line.empty()) all.push_back(line);
  std::string out;
  for (std::size_t i = all.size() > static_cast<std::size_t>(lines) ? all.size() - lines : 0; i < all.size(); ++i)
    out += (out.empty() ? "" : "\n") + all[i];
  return out;
}

struct Job {
  CompareCandidate plan;
  fs::path dir;
  bool resume = false;
  std::unique_ptr<ChildProcess> process;
  std::uintmax_t log_start = 0;
};

std::vector<std::string> run_arguments(const CompareOptions& o, const Job& j, int threads) {
  std::vector<std::string> a = {"run", o.scene_path, "--quiet", "--threads", std::to_string(threads), "--frames",
                                std::to_string(j.plan.last_frame)};
  for (const auto& [k, v] : j.plan.overrides) {
    a.push_back("--set");
    a.push_back(k + "=" + v);
  }
  if (j.resume) {
    a.push_back("--resume");
    a.push_back(j.dir.string());
  } else {
    a.push_back("--out");
    a.push_back(j.dir.string());
    a.push_back("--overwrite");  // the method's folder belongs to the comparison
  }
  return a;
}

/// How a run's process ended, as the record keeps it: its status, and its error if it failed.
void record_outcome(CompareRunRecord& run, const ChildOutcome& r, int last, int last_frame, const fs::path& log,
                    std::uintmax_t log_start) {
  run.peak_memory = std::max(run.peak_memory, r.peak_memory);
  run.process_seconds += r.wall_seconds;
  run.error.clear();
  if (r.exit_code == kExitSignalBase + SIGINT || r.exit_code == kExitSignalBase + SIGTERM ||
      r.exit_code == kExitSignalBase + SIGHUP) {
    run.status = "stopped";
  } else if (r.signal != 0) {
    run.status = "failed";
    run.error = "killed by signal " + std::to_string(r.signal) +
                (r.signal == SIGKILL ? " (SIGKILL: often the system running out of memory)" : "");
  } else if (r.exit_code != 0 || last < last_frame) {
    run.status = "failed";
    run.error = log_tail(log, log_start, 3);
    if (run.error.empty()) run.error = "exit " + std::to_string(r.exit_code) + " with no message";
  } else {
    run.status = "done";
  }
}

fs::path report_script() {
  const fs::path installed = fs::path(this_executable()).parent_path().parent_path() / "share/ripple/compare_report.py";
  if (fs::exists(installed)) return installed;
  return RIPPLE_REPORT_SCRIPT;
}

/// summary.json: each run's stats reduced (up to its last frame), with what the record knows.
json build_summary(const CompareFolder& folder, const std::vector<Job>& jobs, const json& skipped,
                   const std::string& scene, const SceneOverrides& overrides) {
  json summary;
  summary["scene"] = scene;
  summary["overrides"] = overrides_json(overrides);
  summary["schedule"] = folder.schedule.empty() ? "earlier" : folder.schedule;
  summary["compare_wall_seconds"] = folder.wall_seconds;
  json columns = json::array();
  for (const SummaryColumn& c : compare_summary_columns())
    columns.push_back({{"key", c.key}, {"label", c.label}, {"unit", c.unit}});
  summary["columns"] = columns;
  summary["methods"] = json::array();
  for (const Job& j : jobs) {
    std::vector<json> frames = read_stats_frames(j.dir.string());
    frames.erase(std::remove_if(frames.begin(), frames.end(),
                                [&](const json& f) { return f["frame"].get<int>() > j.plan.last_frame; }),
                 frames.end());
    json m = summarise_run(frames);
    const CompareRunRecord run = folder.find(j.plan.method);
    m["method"] = j.plan.method;
    m["folder"] = j.plan.method;
    m["status"] = run.status.empty() ? "missing" : run.status;
    m["peak_memory_bytes"] = run.peak_memory > 0.0 ? json(run.peak_memory) : json(nullptr);
    m["threads"] = run.threads > 0 ? json(run.threads) : json(nullptr);
    if (!run.error.empty()) m["error"] = run.error;
    m["notices"] = j.plan.notices;
    m["last_frame"] = j.plan.last_frame;
    summary["methods"].push_back(m);
  }
  summary["skipped"] = skipped;
  return summary;
}

}  // namespace

int run_compare(const CompareOptions& o, const StopSignals& stop) {
  const Clock::time_point t0 = Clock::now();
  const ScheduleMode mode = schedule_mode(o.schedule);
  const std::vector<CompareCandidate> plan = plan_compare(o.scene_path, o.overrides, o.methods, o.frames);
  const std::string scene_abs = fs::absolute(o.scene_path).lexically_normal().string();
  const fs::path dir = !o.out_dir.empty() ? fs::path(o.out_dir)
                                          : fs::path("out") / (fs::path(o.scene_path).stem().string() + "_compare");
  CompareFolder folder(dir, scene_abs, o.overrides, o.overwrite);

  std::vector<Job> jobs;
  json skipped = json::array();
  for (const CompareCandidate& c : plan) {
    if (!c.runnable) {
      skipped.push_back({{"method", c.method}, {"reason", c.reason}});
      say(o.quiet, "compare: " + c.method + " left out: " + c.reason);
      continue;
    }
    Job j;
    j.plan = c;
    j.dir = dir / c.method;
    std::error_code ec;
    fs::create_directories(j.dir, ec);
    if (ec || !fs::is_directory(j.dir)) throw InputError(j.dir.string(), "cannot be made a folder: " + ec.message());
    jobs.push_back(std::move(j));
  }
  std::vector<Job*> pending;
  for (Job& j : jobs) {
    CompareRunRecord& run = folder.run(j.plan.method);
    const bool same_scene = !o.overwrite && (run.scene.is_null() || run.scene == j.plan.resolved);
    if (!same_scene && !o.overwrite) say(o.quiet, "compare: " + j.plan.method + ": the scene changed; it starts afresh");
    const int last = same_scene ? last_stats_frame(j.dir.string()) : -1;
    if (last >= j.plan.last_frame) {
      run.status = "done";  // its frames are there (a longer earlier run included)
      run.error.clear();
      say(o.quiet, "compare: " + j.plan.method + " already has frames 0.." + std::to_string(j.plan.last_frame));
      continue;
    }
    j.resume = same_scene && !checkpoints_newest_first(j.dir.string()).empty();
    pending.push_back(&j);
  }
  // The costliest first: a long run started last would finish alone while cores idle.
  std::stable_sort(pending.begin(), pending.end(),
                   [](const Job* a, const Job* b) { return a->plan.relative_cost > b->plan.relative_cost; });
  const int cores = o.threads > 0 ? o.threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  std::vector<double> memory;
  for (const Job* j : pending) memory.push_back(j->plan.memory_bytes);
  const Schedule schedule = choose_schedule(mode, cores, memory, available_memory_bytes());
  if (!pending.empty()) say(o.quiet, "compare: " + std::to_string(pending.size()) + " run(s), " + schedule.describe());

  const std::string exe = this_executable();
  std::vector<Job*> running;
  std::size_t next = 0;
  int stopped_by = 0;
  Clock::time_point last_report = Clock::now();
  auto start = [&](Job& j) {
    const fs::path log = j.dir / "compare.log";
    std::error_code ec;
    j.log_start = fs::exists(log, ec) ? fs::file_size(log, ec) : 0;
    say(o.quiet, "compare: " + j.plan.method + (j.resume ? " resumes from its checkpoint" : " starts") + " (log " +
                     log.string() + ")");
    CompareRunRecord& run = folder.run(j.plan.method);
    run.scene = j.plan.resolved;
    run.threads = schedule.threads_each;
    run.status.clear();
    folder.save();
    j.process = std::make_unique<ChildProcess>(exe, run_arguments(o, j, schedule.threads_each), log.string());
    running.push_back(&j);
  };
  auto finish = [&](Job& j) {
    const ChildOutcome& r = j.process->outcome();
    CompareRunRecord& run = folder.run(j.plan.method);
    const int last = last_stats_frame(j.dir.string());
    record_outcome(run, r, last, j.plan.last_frame, j.dir / "compare.log", j.log_start);
    folder.save();
    say(o.quiet, "compare: " + j.plan.method + " " + run.status + " at frame " + std::to_string(last) + " after " +
                     format_duration(r.wall_seconds) + ", peak memory " + megabytes(r.peak_memory) +
                     (run.error.empty() ? "" : ":\n" + run.error));
  };

  while (next < pending.size() || !running.empty()) {
    if (const int sig = stop.received(); sig != 0 && stopped_by == 0) {
      stopped_by = sig;
      for (Job* j : running) j->process->send(SIGTERM);  // each run stops at a checkpoint
      next = pending.size();
    }
    while (stopped_by == 0 && next < pending.size() && static_cast<int>(running.size()) < schedule.at_once)
      start(*pending[next++]);
    for (auto it = running.begin(); it != running.end();) {
      if ((*it)->process->finished()) {
        finish(**it);
        it = running.erase(it);
      } else {
        ++it;
      }
    }
    if (!o.quiet && seconds_since(last_report) > 10.0 && !running.empty()) {
      last_report = Clock::now();
      std::string line = "compare:";
      for (Job* j : running)
        line += " " + j->plan.method + " frame " + std::to_string(std::max(0, last_stats_frame(j->dir.string()))) +
                "/" + std::to_string(j->plan.last_frame);
      say(false, line + " [" + format_duration(seconds_since(t0)) + "]");
    }
    if (!running.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  if (!pending.empty()) {
    folder.schedule = schedule.describe();
    folder.wall_seconds += seconds_since(t0);
  }
  folder.save();
  if (stopped_by != 0) {
    std::cerr << "ripple: compare stopped; give the same command again to continue where each run stopped\n";
    return kExitSignalBase + stopped_by;
  }

  const json summary = build_summary(folder, jobs, skipped, scene_abs, o.overrides);
  {
    std::ofstream out(dir / "summary.json");
    out << summary.dump(2) << "\n";
    if (!out) throw InputError((dir / "summary.json").string(), "cannot be written");
  }
  const fs::path script = report_script();
  std::error_code ec;
  fs::remove(dir / "report.log", ec);
  // Debian's python3 (where python3-matplotlib installs) before another one earlier in PATH.
  ChildProcess report(fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3", {script.string(), dir.string()},
                      (dir / "report.log").string());
  report.wait();
  if (const int sig = stop.received(); sig != 0) return kExitSignalBase + sig;
  if (report.outcome().exit_code != 0) {
    std::cerr << "ripple: compare: the report could not be drawn (" << script.string()
              << " needs python3 with matplotlib: Debian's python3-matplotlib):\n"
              << log_tail(dir / "report.log", 0, 5) << "\nsummary.json is written in " << dir.string() << "\n";
    return kExitSimulation;
  }
  say(o.quiet, "compare: the runs went " + summary["schedule"].get<std::string>() + " in " +
                   format_duration(folder.wall_seconds) + " of wall time");
  say(o.quiet, "compare: report " + (dir / "report.html").string());
  const bool all_done = std::all_of(jobs.begin(), jobs.end(),
                                    [&](const Job& j) { return folder.run(j.plan.method).status == "done"; });
  return all_done ? 0 : kExitSimulation;
}

}  // namespace ripple
