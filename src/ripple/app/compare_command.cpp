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
#include "ripple/app/stop_signals.hpp"
#include "ripple/core/errors.hpp"
#include "ripple/sim/compare_plan.hpp"
#include "ripple/sim/compare_summary.hpp"
#include "ripple/sim/progress_text.hpp"

namespace ripple {
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr int kExitSimulation = 3;
constexpr int kExitSignalBase = 128;
constexpr const char* kManifest = "compare.json";

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

void say(bool quiet, const std::string& text) {
  if (!quiet) std::cerr << "ripple: " << text << "\n";
}

std::string megabytes(double bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f MB", bytes / 1e6);
  return buf;
}

json overrides_json(const SceneOverrides& o) {
  json a = json::array();
  for (const auto& [k, v] : o) a.push_back({k, v});
  return a;
}

/// The compare folder's manifest: which scene and overrides its runs belong to, and what each
/// run's processes measured (peak memory, exit) so far.
json read_manifest(const fs::path& dir) {
  std::ifstream in(dir / kManifest);
  if (!in) return json::object();
  json j = json::parse(in, nullptr, false);
  return j.is_object() ? j : json::object();
}

void write_manifest(const fs::path& dir, const json& m) {
  const fs::path tmp = dir / (std::string(kManifest) + ".tmp");
  std::ofstream(tmp) << m.dump(2) << "\n";
  fs::rename(tmp, dir / kManifest);
}

/// Makes `dir` the comparison's folder; refuses one holding something else, or another
/// scene's comparison, unless `overwrite`.
json prepare_compare_folder(const fs::path& dir, const std::string& scene, const SceneOverrides& overrides,
                            bool overwrite) {
  if (fs::exists(dir) && !fs::is_directory(dir))
    throw InputError("--out " + dir.string(), "is a file, not a folder");
  json m = read_manifest(dir);
  const bool ours = m.contains("scene");
  if (!ours && fs::exists(dir) && !fs::is_empty(dir) && !overwrite)
    throw InputError("--out " + dir.string(),
                     "the folder holds files that are not a comparison's; choose another folder (or --overwrite "
                     "to run into it anyway: only the comparison's own files are replaced)");
  if (ours && !overwrite && (m["scene"] != scene || m.value("overrides", json::array()) != overrides_json(overrides)))
    throw InputError("--out " + dir.string(), "the folder holds the comparison of " + m["scene"].get<std::string>() +
                                                  " (or other --set values); choose another folder, or "
                                                  "--overwrite to start this one afresh");
  fs::create_directories(dir);
  if (overwrite || !ours) m = json::object();
  m["scene"] = scene;
  m["overrides"] = overrides_json(overrides);
  if (!m.contains("runs")) m["runs"] = json::object();
  write_manifest(dir, m);
  return m;
}

bool has_checkpoint(const fs::path& run_dir) {
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(run_dir / "checkpoints", ec))
    if (e.path().extension() == ".ckpt") return true;
  return false;
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
  int frames_seen = -1;
};

/// How many runs go at once, and with how many threads each.
struct Schedule {
  int at_once = 1, threads_each = 1;
  std::string describe() const {
    return at_once == 1 ? "one after another, " + std::to_string(threads_each) + " thread(s) each"
                        : "side by side, " + std::to_string(at_once) + " at a time with " +
                              std::to_string(threads_each) + " thread(s) each";
  }
};

/// "auto": side by side, as many at once as there are cores (one run's threads leave part of
/// its cores idle in its serial phases, which another run fills) while their estimated memory
/// fits in 80 % of what is available; one after another otherwise.
Schedule choose_schedule(const std::string& mode, int cores, const std::vector<Job*>& pending) {
  Schedule s;
  const int n = static_cast<int>(pending.size());
  if (mode == "sequential" || n <= 1 || cores < 2) {
    s.threads_each = std::max(1, cores);
    return s;
  }
  s.at_once = std::min(n, cores);
  if (mode == "auto") {
    std::vector<double> need;
    for (const Job* j : pending) need.push_back(j->plan.memory_bytes);
    std::sort(need.rbegin(), need.rend());
    const double avail = available_memory_bytes();
    auto fits = [&](int k) {
      double sum = 0.0;
      for (int i = 0; i < k; ++i) sum += need[i];
      return avail <= 0.0 || sum <= 0.8 * avail;
    };
    while (s.at_once > 1 && !fits(s.at_once)) --s.at_once;
  }
  s.threads_each = std::max(1, cores / s.at_once);
  return s;
}

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

fs::path report_script() {
  const fs::path installed = fs::path(this_executable()).parent_path().parent_path() / "share/ripple/compare_report.py";
  if (fs::exists(installed)) return installed;
  return RIPPLE_REPORT_SCRIPT;
}

}  // namespace

int run_compare(const CompareOptions& o, const StopSignals& stop) {
  const double t0 = now_seconds();
  if (o.schedule != "auto" && o.schedule != "sequential" && o.schedule != "side-by-side")
    throw InputError("--schedule " + o.schedule, "expected auto, sequential or side-by-side");
  const std::vector<CompareCandidate> plan = plan_compare(o.scene_path, o.overrides, o.methods, o.frames);
  const std::string scene_abs = fs::absolute(o.scene_path).lexically_normal().string();
  const fs::path dir = !o.out_dir.empty() ? fs::path(o.out_dir)
                                          : fs::path("out") / (fs::path(o.scene_path).stem().string() + "_compare");
  json manifest = prepare_compare_folder(dir, scene_abs, o.overrides, o.overwrite);

  std::vector<Job> jobs;
  json skipped = json::array();
  for (const CompareCandidate& c : plan) {
    if (!c.runnable) {
      skipped.push_back({{"method", c.method}, {"reason", c.reason}});
      say(o.quiet, "compare: " + c.method + " skipped: " + c.reason);
      continue;
    }
    Job j;
    j.plan = c;
    j.dir = dir / c.method;
    fs::create_directories(j.dir);
    jobs.push_back(std::move(j));
  }
  std::vector<Job*> pending;
  for (Job& j : jobs) {
    if (o.overwrite) manifest["runs"].erase(j.plan.method);
    const int last = o.overwrite ? -1 : last_stats_frame(j.dir.string());
    if (last >= j.plan.last_frame) {
      say(o.quiet, "compare: " + j.plan.method + " already has frames 0.." + std::to_string(last));
      continue;
    }
    j.resume = !o.overwrite && has_checkpoint(j.dir);
    pending.push_back(&j);
  }
  // The costliest first (a longer run started last would finish alone on an idle machine).
  std::stable_sort(pending.begin(), pending.end(), [](const Job* a, const Job* b) {
    return a->plan.relative_cost > b->plan.relative_cost;
  });
  const int cores = o.threads > 0 ? o.threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const Schedule schedule = choose_schedule(o.schedule, cores, pending);
  if (!pending.empty()) say(o.quiet, "compare: " + std::to_string(pending.size()) + " run(s), " + schedule.describe());

  const std::string exe = this_executable();
  std::vector<Job*> running;
  std::size_t next = 0;
  int stopped_by = 0;
  double last_report = now_seconds();
  bool any_failed = false;
  auto start = [&](Job& j) {
    const fs::path log = j.dir / "compare.log";
    j.log_start = fs::exists(log) ? fs::file_size(log) : 0;
    say(o.quiet, "compare: " + j.plan.method + (j.resume ? " resumes from its checkpoint" : " starts") + " (log " +
                     log.string() + ")");
    j.process = std::make_unique<ChildProcess>(exe, run_arguments(o, j, schedule.threads_each), log.string());
    running.push_back(&j);
  };
  auto finish = [&](Job& j) {
    const ChildOutcome& r = j.process->outcome();
    json& run = manifest["runs"][j.plan.method];
    if (!run.is_object()) run = json::object();
    run["peak_memory_bytes"] = std::max(run.value("peak_memory_bytes", 0.0), r.peak_memory);
    run["process_seconds"] = run.value("process_seconds", 0.0) + r.wall_seconds;
    run["threads"] = schedule.threads_each;
    run["exit_code"] = r.exit_code;
    const int last = last_stats_frame(j.dir.string());
    std::string status = "done";
    if (r.exit_code == kExitSignalBase + SIGINT || r.exit_code == kExitSignalBase + SIGTERM) status = "stopped";
    else if (r.exit_code != 0 || last < j.plan.last_frame) status = "failed";
    run["status"] = status;
    run.erase("error");
    if (status == "failed") {
      run["error"] = log_tail(j.dir / "compare.log", j.log_start, 3);
      any_failed = true;
    }
    write_manifest(dir, manifest);
    say(o.quiet, "compare: " + j.plan.method + " " + status + " at frame " + std::to_string(last) + " after " +
                     format_duration(r.wall_seconds) + ", peak memory " + megabytes(r.peak_memory) +
                     (status == "failed" ? ":\n" + run["error"].get<std::string>() : ""));
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
    if (!o.quiet && now_seconds() - last_report > 10.0 && !running.empty()) {
      last_report = now_seconds();
      std::string line = "compare:";
      for (Job* j : running)
        line += " " + j->plan.method + " frame " + std::to_string(std::max(0, last_stats_frame(j->dir.string()))) +
                "/" + std::to_string(j->plan.last_frame);
      say(false, line + " [" + format_duration(now_seconds() - t0) + "]");
    }
    if (!running.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  if (!pending.empty()) {
    manifest["schedule"] = schedule.describe();
    manifest["wall_seconds"] = manifest.value("wall_seconds", 0.0) + (now_seconds() - t0);
    write_manifest(dir, manifest);
  }
  if (stopped_by != 0) {
    std::cerr << "ripple: compare stopped; run the same command again to continue where each method stopped\n";
    return kExitSignalBase + stopped_by;
  }

  // The summary: each run's stats reduced, with what its processes measured.
  json summary;
  summary["scene"] = scene_abs;
  summary["overrides"] = overrides_json(o.overrides);
  summary["schedule"] = manifest.value("schedule", "earlier");
  summary["compare_wall_seconds"] = manifest.value("wall_seconds", 0.0);  // every invocation's runs
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
    const json run = manifest["runs"].value(j.plan.method, json::object());
    m["method"] = j.plan.method;
    m["folder"] = j.plan.method;
    m["status"] = run.value("status", frames.empty() ? "missing" : "done");
    m["peak_memory_bytes"] = run.contains("peak_memory_bytes") ? run["peak_memory_bytes"] : json(nullptr);
    m["threads"] = run.contains("threads") ? run["threads"] : json(nullptr);
    if (run.contains("error")) m["error"] = run["error"];
    m["notices"] = j.plan.notices;
    m["last_frame"] = j.plan.last_frame;
    summary["methods"].push_back(m);
    if (m["status"] == "failed") any_failed = true;
  }
  summary["skipped"] = skipped;
  std::ofstream(dir / "summary.json") << summary.dump(2) << "\n";

  const fs::path script = report_script();
  fs::remove(dir / "report.log");
  // Debian's python3 (where python3-matplotlib installs) before another one earlier in PATH.
  ChildProcess report(fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3", {script.string(), dir.string()}, (dir / "report.log").string());
  report.wait();
  if (report.outcome().exit_code != 0) {
    std::cerr << "ripple: compare: the report could not be drawn (" << script.string()
              << " needs python3 with matplotlib: Debian's python3-matplotlib):\n"
              << log_tail(dir / "report.log", 0, 5) << "\nsummary.json is written in " << dir.string() << "\n";
    return kExitSimulation;
  }
  say(o.quiet, "compare: the runs went " + summary["schedule"].get<std::string>() + " in " +
                   format_duration(summary["compare_wall_seconds"].get<double>()) + " of wall time");
  say(o.quiet, "compare: report " + (dir / "report.html").string());
  return any_failed ? kExitSimulation : 0;
}

}  // namespace ripple
