#include "ripple/sim/simulation.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "ripple/core/errors.hpp"
#include "ripple/coupling/coupler_factory.hpp"
#include "ripple/io/mesh_writers.hpp"
#include "ripple/sim/checkpoint.hpp"
#include "ripple/sim/frame_output.hpp"
#include "ripple/sim/output_folder.hpp"
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

/// The scene's speed limit (scene_loader.cpp) holds during the run too: a solid that outruns
/// one cell per min_dt has blown up, and its next collision detection would crawl. Cheap (one
/// pass over the solids' coordinates), so it runs after every substep.
void check_solids(const World& w) {
  if (w.lagrangian) {
    const SolidWorld& sw = *w.lagrangian;
    if (!sw.state.z.allFinite() || !sw.state.velocity.allFinite())
      throw SimulationError("non-finite solid state at t = " + std::to_string(w.time) + " s");
    const double speed = sw.model.max_vertex_displacement(sw.state.velocity), limit = w.scene.grid.dx / w.scene.time.min_dt;
    if (speed > limit)
      throw SimulationError("a solid's vertex reached " + std::to_string(speed) + " m/s at t = " + std::to_string(w.time) +
                            " s, faster than one grid cell per time.min_dt (" + std::to_string(limit) +
                            " m/s): the solids blew up (check stiffness, contact.dhat and time.max_dt)");
  }
}

/// The whole state (liquid grids and particles too), once a frame and at a stop.
void check_state(const World& w) {
  check_solids(w);
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
  if (dt < scene.time.min_dt && dt < remaining) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "time step collapsed to %.3g s (time.min_dt %.3g s) at t = %.6g s", dt,
                  scene.time.min_dt, world.time);
    throw SimulationError(std::string(buf) + ": the liquid's velocity exploded (largest speed " +
                          std::to_string(world.liquid.velocity.max_abs()) +
                          " m/s on the grid); check gravity, initial velocities, time.cfl and the solver tolerance");
  }
  return dt;
}

/// The checkpoint a resume starts from: the one asked for, else the newest; a corrupt one is
/// refused with the name of the newest good one before it.
std::string checkpoint_to_resume(const RunOptions& opt) {
  const fs::path dir(opt.output_dir);
  std::string checkpoint = opt.resume_checkpoint;
  if (checkpoint.empty()) {
    const auto latest = latest_checkpoint(opt.output_dir);
    if (!latest) throw InputError(opt.output_dir, "--resume: no checkpoint found in " + (dir / "checkpoints").string());
    checkpoint = *latest;
  }
  try {
    verify_checkpoint(checkpoint);
  } catch (const InputError& e) {
    const auto previous = newest_good_checkpoint_before(opt.output_dir, checkpoint);
    throw InputError("", std::string(e.what()) +
                             (previous ? "\n  the newest good checkpoint before it is " + *previous +
                                             ": resume from it with --resume " + *previous
                                       : "\n  no older good checkpoint in " + (dir / "checkpoints").string()));
  }
  return checkpoint;
}

}  // namespace

RunSummary run_simulation(const Scene& scene, const RunOptions& opt) {
  const auto wall0 = std::chrono::steady_clock::now();
  const fs::path dir(opt.output_dir);
  std::string checkpoint;
  if (opt.resume) checkpoint = checkpoint_to_resume(opt);  // before anything is built or created
  const std::unique_ptr<Coupler> coupler = make_coupler(scene);  // checks the scene before any output
  if (!opt.resume) prepare_output_folder(opt.output_dir, opt.overwrite);
  const fs::path stats_path = dir / "stats.jsonl";
  World world(scene);
  initialise_world(world, *coupler);
  double initial_volume = 0.0;
  RunSummary summary;
  const int total_frames = opt.max_frames >= 0 ? std::min(opt.max_frames, scene.time.frame_count()) : scene.time.frame_count();

  if (opt.resume) {
    read_checkpoint(checkpoint, world, *coupler);
    remove_checkpoints_after(opt.output_dir, checkpoint);  // recomputed from here on
    initial_volume = truncate_stats(stats_path, world.frame);
    if (opt.on_info)
      opt.on_info("resuming from " + checkpoint + " (frame " + std::to_string(world.frame) + ", t = " +
                  std::to_string(world.time) + " s)");
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
  if (opt.on_info)
    for (const std::string& n : scene.notices) opt.on_info(n);
  if (world.has_liquid() && opt.on_warning)
    for (const std::string& w : coupler->start_warnings(world)) opt.on_warning(w);
  if (world.lagrangian && opt.on_warning && world.frame == 0)
    for (const std::string& w : rest_contact_warnings(world.lagrangian->model,
                                                      world.lagrangian->model.positions(world.lagrangian->state.z),
                                                      scene.contact_dhat))
      opt.on_warning(w);
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
      if (coupler_steps(*coupler, world)) coupler->step(world, dt, ctx);
      else if (world.lagrangian) step_free_solids(world, dt, ctx);  // nothing to couple
      world.advance_clock(dt);
      check_solids(world);  // before a blown-up solid reaches the next step's CCD
      if (opt.on_substep)
        opt.on_substep({frame, total_frames, log.substeps, world.time, dt, seconds_since(frame_t0)});
      if (const int stop = opt.stop_requested ? opt.stop_requested() : 0) {
        // Mid-frame: the checkpoint holds the last finished frame's number and the time
        // reached; a resume finishes this frame from there (its stats line counts only the
        // substeps after the resume).
        check_state(world);
        summary.stopped_by = stop;
        summary.stopped_at_time = world.time;
        // frame_0012_interrupted.ckpt: after frame_0012.ckpt, before frame_0013.ckpt
        const std::string name = frame_file("frame", world.frame, "ckpt");
        summary.stop_checkpoint = (dir / "checkpoints" / (name.substr(0, name.size() - 5) + "_interrupted.ckpt")).string();
        write_checkpoint(summary.stop_checkpoint, world, *coupler);
        prune_checkpoints(opt.output_dir, scene.output.checkpoint_keep);
        summary.last_frame = world.frame;
        summary.wall_seconds = seconds_since(wall0);
        return summary;
      }
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
    if (scene.output.checkpoint_every > 0 && frame % scene.output.checkpoint_every == 0) {
      write_checkpoint((dir / "checkpoints" / frame_file("frame", frame, "ckpt")).string(), world, *coupler);
      prune_checkpoints(opt.output_dir, scene.output.checkpoint_keep);
    }
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
