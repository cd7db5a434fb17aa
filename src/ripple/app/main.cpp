// The `ripple` command: run, compare, validate, methods, schema, stats-format. Exit codes: 0 success, 2 invalid input
// (nothing simulated), 3 simulation failure (frames written before the failure are kept),
// 128 + signal number after SIGINT (130), SIGTERM (143) or SIGHUP (129) stopped a run at a checkpoint.
#include <algorithm>
#include <CLI/CLI.hpp>
#include <oneapi/tbb/global_control.h>

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>

#include "ripple/app/compare_command.hpp"
#include "ripple/app/exit_codes.hpp"
#include "ripple/app/progress_line.hpp"
#include "ripple/app/stop_signals.hpp"
#include "ripple/core/allocator_policy.hpp"
#include "ripple/core/errors.hpp"
#include "ripple/coupling/coupler_factory.hpp"
#include "ripple/scene/scene_enums.hpp"
#include "ripple/sim/scene_input.hpp"
#include "ripple/sim/simulation.hpp"
#include "ripple/sim/world_setup.hpp"

namespace {

using ripple::kExitInput;
using ripple::kExitSignalBase;
using ripple::kExitSimulation;

/// `--resume` names a run's folder, or one checkpoint file in its checkpoints/ folder.
void resolve_resume(const std::string& arg, ripple::RunOptions& opt) {
  namespace fs = std::filesystem;
  opt.resume = true;
  if (fs::is_regular_file(arg)) {
    const fs::path file = fs::absolute(arg).lexically_normal();
    if (file.parent_path().filename() != "checkpoints")
      throw ripple::InputError("--resume " + arg, "a checkpoint file must lie in a run's checkpoints/ folder");
    opt.resume_checkpoint = arg;
    opt.output_dir = file.parent_path().parent_path().string();
  } else {
    opt.output_dir = arg;
  }
}

ripple::SceneOverrides parse_overrides(const std::vector<std::string>& sets) {
  ripple::SceneOverrides out;
  for (const auto& s : sets) {
    const auto eq = s.find('=');
    if (eq == std::string::npos || s.empty() || s[0] != '/')
      throw ripple::InputError("--set " + s, "expected /json/pointer=value, e.g. --set /time/end=0.5");
    out.emplace_back(s.substr(0, eq), s.substr(eq + 1));
  }
  return out;
}

std::string describe(const ripple::Scene& s, int max_frames = -1) {
  char buf[256];
  const bool gas = s.fluid.representation == ripple::LiquidRepresentation::Gas;
  const std::string rep = ripple::enum_name(s.fluid.representation, ripple::liquid_representation_names());
  const char* liquid = s.fluid.regions.empty() && s.fluid.emitters.empty() && !gas ? "none" : rep.c_str();
  std::snprintf(buf, sizeof buf, "grid %dx%dx%d, dx %.4g m, %d frames at %.4g fps, fluid %s, solids %zu", s.grid.n.x(),
                s.grid.n.y(), s.grid.n.z(), s.grid.dx,
                max_frames >= 0 ? std::min(max_frames, s.time.frame_count()) : s.time.frame_count(), s.time.fps, liquid,
                s.lagrangian_solids.size() + s.obstacles.size());
  return buf;
}

}  // namespace

int main(int argc, char** argv) {
  ripple::keep_freed_memory_for_reuse();
  // A closed output pipe (`ripple run ... | tee log`, and the terminal gone) must not kill a run
  // before its checkpoint: writes then fail instead.
  std::signal(SIGPIPE, SIG_IGN);
  CLI::App app{"ripple: liquids coupled two ways with shells, rods, elastic and rigid bodies"};
  app.set_version_flag("--version", std::string("ripple ") + RIPPLE_VERSION);
  app.require_subcommand(1);

  std::string scene_path, out_dir, resume_dir;
  int frames = -1, threads = 0;
  bool quiet = false, overwrite = false;
  std::vector<std::string> sets;
  auto* run = app.add_subcommand("run", "Simulate a scene and write frames, stats and previews");
  run->add_option("scene", scene_path, "Scene file (JSON)")->required();
  run->add_option("--out", out_dir, "Output folder (default: the scene's output.directory, else out/<scene name>)");
  run->add_option("--frames", frames, "Stop after this many frames")->check(CLI::Range(0, 100000000));
  run->add_option("--threads", threads, "Worker threads (default: all cores)")->check(CLI::Range(1, 4096));
  run->add_option("--set", sets, "Override a scene value: /json/pointer=value (repeatable)");
  run->add_option("--resume", resume_dir,
                  "Continue the run in DIR from its newest checkpoint (or from DIR/checkpoints/FILE.ckpt)");
  run->add_flag("--overwrite", overwrite, "Delete another run's outputs in the output folder first");
  run->add_flag("--quiet,-q", quiet, "Only warnings and errors");

  ripple::CompareOptions compare_opt;
  std::vector<std::string> compare_sets;
  std::string compare_methods;
  auto* compare = app.add_subcommand("compare", "Run a scene under several coupling methods and write a report");
  compare->add_option("scene", compare_opt.scene_path, "Scene file (JSON)")->required();
  compare->add_option("--methods", compare_methods,
                      "Comma-separated methods to run (default: every method that can couple the scene)");
  compare->add_option("--frames", compare_opt.frames, "Stop each run after this many frames")
      ->check(CLI::Range(0, 100000000));
  compare->add_option("--out", compare_opt.out_dir, "Output folder (default: out/<scene file name>_compare)");
  compare->add_option("--threads", compare_opt.threads, "Cores to use in all (default: all)")
      ->check(CLI::Range(1, 4096));
  compare->add_option("--schedule", compare_opt.schedule,
                      "auto (side by side while memory allows), sequential or side-by-side")
      ->check(CLI::IsMember({"auto", "sequential", "side-by-side"}));
  compare->add_option("--set", compare_sets, "Override a scene value for every run: /json/pointer=value (repeatable)");
  compare->add_flag("--overwrite", compare_opt.overwrite, "Start every run afresh instead of continuing");
  compare->add_flag("--quiet,-q", compare_opt.quiet, "Only warnings and errors");

  std::string validate_path;
  std::vector<std::string> validate_sets;
  auto* validate = app.add_subcommand("validate", "Check a scene file and print its resolved form");
  validate->add_option("scene", validate_path, "Scene file (JSON)")->required();
  validate->add_option("--set", validate_sets, "Override a scene value: /json/pointer=value (repeatable)");

  auto* methods = app.add_subcommand("methods", "Print what each coupling method can couple (Markdown)");
  auto* schema = app.add_subcommand("schema", "Print the scene format reference (Markdown)");
  auto* stats_format = app.add_subcommand("stats-format", "Print the stats.jsonl reference (Markdown)");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : kExitInput;
  }

  if (*methods) {
    std::cout << ripple::coupling_methods_markdown();
    return 0;
  }
  if (*schema) {
    std::cout << ripple::scene_format_markdown();
    return 0;
  }
  if (*stats_format) {
    std::cout << ripple::stats_format_markdown();
    return 0;
  }
  ripple::ProgressLine progress(quiet);
  try {
    if (*compare) {
      compare_opt.overrides = parse_overrides(compare_sets);
      for (std::size_t at = 0; at < compare_methods.size();) {
        const std::size_t comma = std::min(compare_methods.find(',', at), compare_methods.size());
        if (comma > at) compare_opt.methods.push_back(compare_methods.substr(at, comma - at));
        at = comma + 1;
      }
      ripple::StopSignals stop_signals;  // Ctrl-C, SIGTERM or SIGHUP: every run stops at a checkpoint
      return ripple::run_compare(compare_opt, stop_signals);
    }
    if (*validate) {
      const ripple::Scene s = ripple::load_scene_file(validate_path, parse_overrides(validate_sets));
      ripple::World world(s);  // what `run` refuses at the start (solids in contact...), refused here too
      ripple::initialise_world(world);
      std::cout << s.resolved.dump(2) << "\n";
      for (const std::string& n : s.notices) std::cerr << "ripple: info: " << n << "\n";
      std::cerr << "ripple: " << validate_path << " is valid (" << describe(s) << ")\n";
      return 0;
    }
    if (!resume_dir.empty() && !out_dir.empty() && out_dir != resume_dir)
      throw ripple::InputError("--out " + out_dir, "--resume continues the run in its own folder (" + resume_dir +
                                                       "): give one of --resume and --out");
    if (!resume_dir.empty() && overwrite)
      throw ripple::InputError("--overwrite", "--resume continues a run: it cannot also delete its outputs");
    const ripple::Scene s = ripple::load_scene_file(scene_path, parse_overrides(sets));
    std::unique_ptr<tbb::global_control> limit;
    if (threads > 0) limit = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism, threads);
    ripple::RunOptions opt;
    if (!resume_dir.empty()) resolve_resume(resume_dir, opt);
    else opt.output_dir = !out_dir.empty() ? out_dir : !s.output.directory.empty() ? s.output.directory : "out/" + s.name;
    opt.overwrite = overwrite;
    opt.max_frames = frames;
    opt.on_frame = [&](const ripple::ProgressInfo& i) { progress.frame(i); };
    opt.on_substep = [&](const ripple::SubstepInfo& i) { progress.substep(i); };
    opt.on_warning = [&](const std::string& m) { progress.message("warning", m); };
    opt.on_info = [&](const std::string& m) { progress.message("info", m); };
    ripple::StopSignals stop_signals;  // Ctrl-C, SIGTERM or SIGHUP: stop at the next substep's end
    opt.stop_requested = [&] { return stop_signals.received(); };
    progress.message("info", scene_path + ": " + describe(s, frames) + " -> " + opt.output_dir);
    const ripple::RunSummary r = ripple::run_simulation(s, opt);
    progress.finish();
    if (r.stopped_by != 0) {
      progress.message("warning", std::string(r.stopped_by == SIGINT    ? "interrupted (SIGINT)"
                                                  : r.stopped_by == SIGHUP ? "hung up (SIGHUP)"
                                                                           : "terminated (SIGTERM)") +
                                      " at t = " + std::to_string(r.stopped_at_time) + " s after frame " +
                                      std::to_string(r.last_frame) + "; state saved in " + r.stop_checkpoint);
      std::string again = "ripple run " + scene_path;
      for (const std::string& set : sets) again += " --set '" + set + "'";
      std::cerr << "ripple: continue with: " << again << " --resume " << opt.output_dir << "\n";
      return kExitSignalBase + r.stopped_by;
    }
    progress.message("info", "done: frames " + std::to_string(r.first_frame) + ".." + std::to_string(r.last_frame) +
                                 " in " + ripple::format_duration(r.wall_seconds));
    return 0;
  } catch (const ripple::InputError& e) {
    progress.finish();
    std::cerr << "ripple: error: " << e.what() << "\n";
    return kExitInput;
  } catch (const ripple::SimulationError& e) {
    progress.finish();
    std::cerr << "ripple: simulation failed: " << e.what() << "\n(frames written before the failure are kept)\n";
    return kExitSimulation;
  } catch (const std::bad_alloc&) {
    progress.finish();
    std::cerr << "ripple: simulation failed: out of memory\n";
    return kExitSimulation;
  } catch (const std::exception& e) {
    progress.finish();
    std::cerr << "ripple: simulation failed: " << e.what() << "\n";
    return kExitSimulation;
  }
}
