#include "ripple/sim/simulation.hpp"

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "ripple/core/errors.hpp"
#include "ripple/coupling/coupler_factory.hpp"
#include "ripple/io/mesh_writers.hpp"
#include "ripple/sim/checkpoint.hpp"
#include "ripple/sim/frame_output.hpp"
#include "ripple/sim/world_setup.hpp"

namespace ripple {
namespace fs = std::filesystem;

namespace {

// Keeps only the stats lines of frames <= last_frame (used when resuming).
double truncate_stats(const fs::path& stats, int last_frame) {
  double initial_volume = 0.0;
  std::ifstream in(stats);
  std::string line, kept;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.contains("frame")) break;  // a torn last line from a killed run
    if (j["frame"].get<int>() > last_frame) break;
    if (j["frame"].get<int>() == 0) initial_volume = j["fluid_volume"].get<double>();
    kept += line + "\n";
  }
  in.close();
  write_file_atomic(stats.string(), kept);
  return initial_volume;
}

void check_state(const World& w) {
  const auto& p = w.liquid.particles;
  for (size_t q = 0; q < p.size(); ++q)
    if (!p.x[q].allFinite() || !p.v[q].allFinite())
      throw SimulationError("non-finite particle state at t = " + std::to_string(w.time) + " s");
  for (const auto& u : w.liquid.velocity.u)
    for (double v : u.data())
      if (!std::isfinite(v)) throw SimulationError("non-finite grid velocity at t = " + std::to_string(w.time) + " s");
}

/// The substep from world.time within a frame ending at t_end (s): the method's stable step,
/// the frame's remainder spread evenly rather than leaving a sliver of a step.
double next_substep(const World& world, const Coupler& coupler, double t_end) {
  const Scene& scene = world.scene;
  double dt = world.has_liquid() ? coupler.stable_time_step(world) : scene.time.max_dt;
  const double remaining = t_end - world.time;
  if (dt >= remaining) dt = remaining;
  else if (dt > 0.5 * remaining) dt = 0.5 * remaining;
  if (dt < scene.time.min_dt && dt < remaining)
    throw SimulationError("time step collapsed to " + std::to_string(dt) + " s (min_dt " +
                          std::to_string(scene.time.min_dt) + " s) at t = " + std::to_string(world.time) +
                          " s: the liquid velocity exploded (" +
                          "check gravity, initial velocities, cfl and the solver tolerance)");
  return dt;
}

}  // namespace

RunSummary run_simulation(const Scene& scene, const RunOptions& opt) {
  const auto wall0 = std::chrono::steady_clock::now();
  const fs::path dir(opt.output_dir);
  std::optional<std::string> checkpoint;
  if (opt.resume) {  // before anything is built or created
    checkpoint = latest_checkpoint(opt.output_dir);
    if (!checkpoint) throw InputError(opt.output_dir, "--resume: no checkpoint found in " + (dir / "checkpoints").string());
  }
  const std::unique_ptr<Coupler> coupler = make_coupler(scene);  // checks the scene before any output
  if (fs::exists(dir) && !fs::is_directory(dir))
    throw InputError(opt.output_dir, "the output directory is a file: give a directory (--out)");
  try {
    fs::create_directories(dir);
  } catch (const fs::filesystem_error& e) {  // a file on the way, no permission: the user's path
    throw InputError(opt.output_dir, std::string("cannot create the output directory: ") + e.code().message());
  }
  const fs::path stats_path = dir / "stats.jsonl";
  World world(scene);
  initialise_world(world, *coupler);
  double initial_volume = 0.0;
  RunSummary summary;
  const int total_frames = opt.max_frames >= 0 ? std::min(opt.max_frames, scene.time.frame_count()) : scene.time.frame_count();

  if (opt.resume) {
    read_checkpoint(*checkpoint, world, *coupler);
    initial_volume = truncate_stats(stats_path, world.frame);
    if (opt.on_info) opt.on_info("resuming from " + *checkpoint + " (frame " + std::to_string(world.frame) + ")");
  } else {
    write_file_atomic((dir / "scene.resolved.json").string(), scene.resolved.dump(2) + "\n");
    FrameLog log0;
    LiquidMeasures m;
    const nlohmann::json j = write_frame(world, *coupler, opt.output_dir, log0, 0.0, m);
    initial_volume = m.volume;
    nlohmann::json j0 = j;
    j0["fluid_volume_change"] = 0.0;
    j0["wall_seconds"] = seconds_since(wall0);  // setup and the first output
    write_file_atomic(stats_path.string(), j0.dump() + "\n");
    if (scene.output.checkpoint_every > 0)
      write_checkpoint((dir / "checkpoints" / frame_file("frame", 0, "ckpt")).string(), world, *coupler);
  }
  if (world.has_liquid() && opt.on_warning)
    for (const std::string& w : coupler->start_warnings(world)) opt.on_warning(w);
  if (world.lagrangian && opt.on_warning && world.frame == 0)
    for (const std::string& w : rest_contact_warnings(world.lagrangian->model, scene.contact_dhat)) opt.on_warning(w);
  summary.first_frame = world.frame;
  std::ofstream stats(stats_path, std::ios::app);
  const double frame_dt = 1.0 / scene.time.fps;
  const int start_frame = world.frame;

  while (world.frame < total_frames) {
    const auto frame_t0 = std::chrono::steady_clock::now();
    const int frame = world.frame + 1;
    const double t_end = frame * frame_dt;
    FrameLog log;
    PhaseTimings timings;
    const StepContext ctx{log, timings, opt.on_warning, frame};
    while (world.time < t_end - 1e-12 * std::max(1.0, t_end)) {
      const double dt = next_substep(world, *coupler, t_end);
      ++log.substeps;
      if (world.has_liquid()) coupler->step(world, dt, ctx);
      else if (world.lagrangian) step_free_solids(world, dt, ctx);  // nothing to couple
      world.advance_clock(dt);
    }
    world.time = t_end;  // remove round-off drift so frames land exactly on k / fps
    check_state(world);
    world.frame = frame;
    log.timings = timings.totals();
    for (const auto& [k, v] : log.solid_timings) log.timings[k] = v;
    LiquidMeasures m;
    nlohmann::json j = write_frame(world, *coupler, opt.output_dir, log, initial_volume, m);
    j["wall_seconds"] = seconds_since(frame_t0);
    stats << j.dump() << "\n";
    stats.flush();
    if (scene.output.checkpoint_every > 0 && frame % scene.output.checkpoint_every == 0)
      write_checkpoint((dir / "checkpoints" / frame_file("frame", frame, "ckpt")).string(), world, *coupler);
    if (opt.on_frame) {
      ProgressInfo info;
      info.frame = frame;
      info.total_frames = total_frames;
      info.sim_time = world.time;
      info.substeps = log.substeps;
      info.wall_seconds = seconds_since(wall0);
      const int done = frame - start_frame;
      info.eta_seconds = done > 0 ? info.wall_seconds / done * (total_frames - frame) : 0.0;
      info.liquid = world.has_liquid();
      info.solids = world.lagrangian != nullptr;
      info.volume_change = j["fluid_volume_change"];
      info.newton_iterations = log.newton_iterations;
      info.min_contact_gap = log.min_contact_gap;
      opt.on_frame(info);
    }
  }
  summary.last_frame = world.frame;
  summary.wall_seconds = seconds_since(wall0);
  return summary;
}

}  // namespace ripple
