#include "ripple/sim/simulation.hpp"

#include "ripple/sim/solid_world.hpp"

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "ripple/core/errors.hpp"
#include "ripple/coupling/barrier/barrier_step.hpp"
#include "ripple/coupling/cutcell/cutcell_step.hpp"
#include "ripple/coupling/none/liquid_only_step.hpp"
#include "ripple/io/checkpoint.hpp"
#include "ripple/io/mesh_writers.hpp"
#include "ripple/sim/frame_output.hpp"
#include "ripple/solid/solid_step.hpp"

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

/// Adds one solid step's Newton and contact figures to the frame's log.
void record_solid_step(const SolidStepReport& r, FrameLog& log, const RunOptions& opt, int frame, const char* what) {
  const NewtonResult& n = r.newton;
  log.newton_iterations += n.iterations;
  log.newton_iterations_max = std::max(log.newton_iterations_max, n.iterations);
  log.line_search_steps += n.line_search_steps;
  log.min_contact_gap = std::min(log.min_contact_gap, r.min_gap);
  log.linear_solver = n.linear_solver;
  log.solid_timings["solid_broad_phase"] += r.time_broad_phase;
  log.solid_timings["solid_ccd"] += r.time_ccd;
  log.solid_timings["solid_assembly"] += n.time_assembly;
  log.solid_timings["solid_linear_solve"] += n.time_solve;
  log.solid_timings["solid_line_search"] += n.time_line_search;
  log.solid_timings["solid_step_filter"] += n.time_ccd;  // every form's largest safe step (CCD)
  if (!n.converged) {
    ++log.newton_unconverged;
    if (opt.on_warning) {
      std::ostringstream os;
      os << "frame " << frame << ": " << what << " Newton solve stopped after " << n.iterations
         << " iterations without converging (last step " << n.final_step << " m/s)";
      opt.on_warning(os.str());
    }
  }
}

/// One implicit step of the Lagrangian solids (coupling `none`: they do not feel the liquid).
void step_lagrangian_solids(World& world, double dt, FrameLog& log, const RunOptions& opt, int frame) {
  SolidWorld& sw = *world.lagrangian;
  sw.state.time = world.time;  // also right after a resume
  record_solid_step(step_solids(sw.model, sw.settings, dt, sw.state), log, opt, frame, "solid");
}

void record_pressure(int iterations, double residual, bool converged, FrameLog& log, const RunOptions& opt,
                     int frame) {
  log.pressure_iterations += iterations;
  log.pressure_iterations_max = std::max(log.pressure_iterations_max, iterations);
  log.pressure_residual_max = std::max(log.pressure_residual_max, residual);
  if (!converged) {
    ++log.unconverged_solves;
    if (opt.on_warning) {
      std::ostringstream os;
      os << "frame " << frame << ": pressure solve stopped at the iteration cap (" << iterations
         << " iterations, relative residual " << residual << ")";
      opt.on_warning(os.str());
    }
  }
}

/// One step of coupling "barrier": solids and liquid together.
void step_barrier(World& world, double dt, FrameLog& log, PhaseTimings& timings, const RunOptions& opt, int frame) {
  const BarrierStepReport r = barrier_step(world, dt, timings);
  if (!std::isfinite(r.pressure_residual)) throw SimulationError("non-finite pressure residual (the pressure solve diverged)");
  record_pressure(r.pressure_iterations, r.pressure_residual, r.pressure_converged, log, opt, frame);
  FrameLog::Coupling& c = log.coupling;
  c.unknowns_max = std::max(c.unknowns_max, r.unknowns);
  c.min_gap = std::min(c.min_gap, r.min_gap);
  c.closed_faces += r.closed_faces;
  c.stiffness = r.stiffness;
  c.start_repairs += r.start_repairs;
  c.stencil_repairs += r.stencil_repairs;
  c.start_stuck += r.start_stuck;
  c.control_cells_kept += r.control_cells_kept;
  c.volume_advection += r.volume_budget.advection;
  c.volume_optimisation += r.volume_budget.optimisation;
  c.volume_control += r.volume_budget.volume_control;
  c.volume_redistance += r.volume_budget.redistance;
  record_solid_step(r.solids, log, opt, frame, "coupled solid-liquid");
  if (r.start_stuck > 0 && opt.on_warning) {
    std::ostringstream os;
    os << "frame " << frame << ": " << r.start_stuck << " barrier points (solid vertices, or edge and triangle "
       << "points) started a coupled solve inside the liquid with no level-set unknown to lift them (the solve "
       << "cannot move them)";
    opt.on_warning(os.str());
  }
  if (r.lost_volume > 0.0 && opt.on_warning) {
    std::ostringstream os;
    os << "frame " << frame << ": " << r.lost_volume << " m^3 of liquid vanished with no liquid left to take its volume";
    opt.on_warning(os.str());
  }
}

/// One step of coupling "cutcell": liquid, volumes and rigid bodies in one projection.
void step_cutcell(World& world, double dt, FrameLog& log, PhaseTimings& timings, const RunOptions& opt, int frame) {
  const CutCellStepReport r = cutcell_step(world, dt, timings);
  const CoupledSystemReport& sys = r.projection.system;
  record_pressure(sys.iterations, sys.residual, sys.converged, log, opt, frame);
  log.particles_removed += r.particles_removed;
  FrameLog::CutCell& c = log.cutcell;
  c.solver = sys.solver;
  c.coupled_residual_max = std::max(c.coupled_residual_max, sys.coupled_residual);
  c.fluid_unknowns_max = std::max(c.fluid_unknowns_max, r.projection.fluid_unknowns);
  c.solid_unknowns = r.projection.solid_unknowns;
  c.nonzeros_max = std::max(c.nonzeros_max, sys.nonzeros);
  c.pieces_max = std::max(c.pieces_max, r.projection.pieces);
  c.alpha = sys.alpha;
  c.corrected_vertices += r.motion.corrected_vertices;
  if (const BodyContactReport& bc = r.motion.contact; bc.filtered) {
    ++c.contact_steps;
    c.contact_pairs_max = std::max<int64_t>(c.contact_pairs_max, bc.pairs);
    c.contact_held_max = std::max<int64_t>(c.contact_held_max, bc.held);
    c.contact_newton_max = std::max<int64_t>(c.contact_newton_max, bc.newton.iterations);
    c.contact_min_gap = std::min(c.contact_min_gap, bc.min_gap);
    if (!bc.newton.converged) {
      ++c.contact_unconverged;
      opt.on_warning("frame " + std::to_string(frame) + ": the coupled bodies' contact filter stopped at its iteration "
                     "cap (" + std::to_string(bc.newton.iterations) + " Newton iterations); its result is used");
    }
  }
  c.body_force = r.projection.body_force;
  if (c.body_names.empty() && world.lagrangian)
    for (int b : world.cutcell.solids.bodies) c.body_names.push_back(world.lagrangian->model.bodies[b].name);
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
  fs::create_directories(dir);
  const fs::path stats_path = dir / "stats.jsonl";
  World world(scene);
  initialise_world(world);
  double initial_volume = 0.0;
  RunSummary summary;
  const int total_frames = opt.max_frames >= 0 ? std::min(opt.max_frames, scene.time.frame_count()) : scene.time.frame_count();

  if (opt.resume) {
    read_checkpoint(*checkpoint, world);
    initial_volume = truncate_stats(stats_path, world.frame);
    if (opt.on_info) opt.on_info("resuming from " + *checkpoint + " (frame " + std::to_string(world.frame) + ")");
  } else {
    write_file_atomic((dir / "scene.resolved.json").string(), scene.resolved.dump(2) + "\n");
    FrameLog log0;
    LiquidMeasures m;
    const nlohmann::json j = write_frame(world, opt.output_dir, log0, 0.0, m);
    initial_volume = m.volume;
    nlohmann::json j0 = j;
    j0["fluid_volume_change"] = 0.0;
    j0["wall_seconds"] = seconds_since(wall0);  // setup and the first output
    write_file_atomic(stats_path.string(), j0.dump() + "\n");
    if (scene.output.checkpoint_every > 0)
      write_checkpoint((dir / "checkpoints" / frame_file("frame", 0, "ckpt")).string(), world);
  }
  if (scene.coupling == CouplingMethod::Barrier && opt.on_warning)
    for (const std::string& w : barrier_resolution_warnings(world)) opt.on_warning(w);
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
    while (world.time < t_end - 1e-12 * std::max(1.0, t_end)) {
      double dt = world.has_liquid() ? stable_time_step(world) : scene.time.max_dt;
      const double remaining = t_end - world.time;
      // Spread the remainder evenly rather than leaving a sliver of a step.
      if (dt >= remaining) dt = remaining;
      else if (dt > 0.5 * remaining) dt = 0.5 * remaining;
      if (dt < scene.time.min_dt && dt < remaining)
        throw SimulationError("time step collapsed to " + std::to_string(dt) + " s (min_dt " +
                              std::to_string(scene.time.min_dt) + " s) at t = " + std::to_string(world.time) +
                              " s: the liquid velocity exploded (" +
                              "check gravity, initial velocities, cfl and the solver tolerance)");
      ++log.substeps;
      if (scene.coupling == CouplingMethod::Barrier && world.has_liquid()) {
        step_barrier(world, dt, log, timings, opt, frame);
        continue;
      }
      if (scene.coupling == CouplingMethod::CutCell && world.has_liquid()) {
        step_cutcell(world, dt, log, timings, opt, frame);
        continue;
      }
      if (world.lagrangian) step_lagrangian_solids(world, dt, log, opt, frame);
      if (!world.has_liquid()) {
        world.time += dt;
        ++world.steps;
        continue;
      }
      const StepReport r = liquid_only_step(world, dt, timings);
      record_pressure(r.pressure_iterations, r.pressure_residual, r.pressure_converged, log, opt, frame);
      log.particles_removed += r.particles_removed;
      log.separation_rounds += r.separation_rounds;
      log.released_cells_max = std::max(log.released_cells_max, r.released_cells);
    }
    world.time = t_end;  // remove round-off drift so frames land exactly on k / fps
    check_state(world);
    world.frame = frame;
    log.timings = timings.totals();
    for (const auto& [k, v] : log.solid_timings) log.timings[k] = v;
    LiquidMeasures m;
    nlohmann::json j = write_frame(world, opt.output_dir, log, initial_volume, m);
    j["wall_seconds"] = seconds_since(frame_t0);
    stats << j.dump() << "\n";
    stats.flush();
    if (scene.output.checkpoint_every > 0 && frame % scene.output.checkpoint_every == 0)
      write_checkpoint((dir / "checkpoints" / frame_file("frame", frame, "ckpt")).string(), world);
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
