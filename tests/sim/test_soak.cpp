// Opt-in soak runs (RIPPLE_SOAK=1; each takes minutes): 10000 substeps of a small coupled
// scene through the whole frame loop (meshes, previews, stats, checkpoints), once with the
// barrier method and once with the cut-cell method. Resident memory is sampled every frame
// (100 substeps) and must stay flat after a warm-up of 10 % of the steps (no leak per step or
// per frame); every frame's figures must be finite and each method's invariants hold:
// barrier: no solid-solid intersection and no solid vertex inside the liquid; cut cell: the
// liquid's volume drifts by less than 5 %. RIPPLE_SOAK_STEPS=N shortens a trial run.
//   RIPPLE_SOAK=1 build/tests/ripple_tests --gtest_filter='Soak.*'
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "../test_support.hpp"
#include "ripple/sim/simulation.hpp"

namespace ripple {
namespace {

constexpr int kSubstepsPerFrame = 100;

/// This process's resident memory (MiB), from /proc/self/statm.
double resident_mib() {
  std::ifstream statm("/proc/self/statm");
  long pages = 0, resident = 0;
  statm >> pages >> resident;
  return static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0);
}

struct Sample {
  int steps;
  double rss_mib;
};

struct SoakRun {
  int steps = 0;
  double wall_seconds = 0.0;
  std::vector<Sample> samples;       ///< one per frame
  std::vector<nlohmann::json> stats;  ///< stats.jsonl, one object per frame
  double rss_warm = 0.0, rss_end = 0.0, rss_max = 0.0;  ///< MiB
};

int soak_steps() {
  const char* s = std::getenv("RIPPLE_SOAK_STEPS");
  return s && *s ? std::max(kSubstepsPerFrame, std::atoi(s)) : 10000;
}

/// Runs `scene` (a file under scenes/, made smaller by `overrides`) for soak_steps() substeps
/// of a fixed dt: max_dt is a hundredth of a frame and the scenes stay below their CFL limit.
SoakRun soak(const std::string& scene, SceneOverrides overrides, const std::string& name) {
  const int frames = soak_steps() / kSubstepsPerFrame;
  const double fps = 60.0;
  overrides.push_back({"/time/fps", std::to_string(fps)});
  // A hair above a hundredth of a frame, so that round-off never adds a 101st substep.
  char max_dt[32];
  std::snprintf(max_dt, sizeof max_dt, "%.12g", (1.0 + 1e-6) / (fps * kSubstepsPerFrame));
  overrides.push_back({"/time/max_dt", max_dt});
  overrides.push_back({"/time/end", std::to_string((frames + 1) / fps)});
  overrides.push_back({"/output/preview/every", "10"});
  const Scene s = load_scene_file(std::string(RIPPLE_SOURCE_DIR) + "/scenes/" + scene, overrides);
  const auto dir = test::temp_dir("soak_" + name);
  SoakRun run;
  RunOptions options;
  options.output_dir = dir.string();
  options.max_frames = frames;
  options.on_frame = [&](const ProgressInfo& p) {
    run.steps += p.frame > 0 ? p.substeps : 0;
    run.samples.push_back({run.steps, resident_mib()});
  };
  const auto t0 = std::chrono::steady_clock::now();
  run_simulation(s, options);
  run.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::ifstream in(dir / "stats.jsonl");
  for (std::string line; std::getline(in, line);) run.stats.push_back(nlohmann::json::parse(line));
  // Warm-up: the first sample after 10 % of the steps.
  for (const Sample& q : run.samples) {
    run.rss_max = std::max(run.rss_max, q.rss_mib);
    if (run.rss_warm == 0.0 && q.steps >= run.steps / 10) run.rss_warm = q.rss_mib;
  }
  run.rss_end = run.samples.back().rss_mib;
  std::filesystem::remove_all(dir);
  return run;
}

/// A stats field that must be a finite number (NaN and infinity are written as null).
double finite(const nlohmann::json& frame, const char* key) {
  const nlohmann::json& v = frame.at(key);
  EXPECT_TRUE(v.is_number()) << key << " at frame " << frame["frame"] << ": " << v;
  const double d = v.is_number() ? v.get<double>() : NAN;
  EXPECT_TRUE(std::isfinite(d)) << key << " at frame " << frame["frame"];
  return d;
}

void expect_finite_frames(const SoakRun& run) {
  for (const auto& f : run.stats) {
    for (const char* key : {"fluid_volume", "fluid_kinetic_energy", "total_energy", "max_fluid_speed",
                            "solid_kinetic_energy", "solid_elastic_energy"})
      finite(f, key);
    for (const auto& b : f.at("bodies"))
      for (const auto& c : b.at("center_of_mass")) EXPECT_TRUE(c.is_number()) << "frame " << f["frame"];
  }
}

void expect_flat_memory(const SoakRun& run, const char* name) {
  std::printf("soak %s: %d steps, %.0f s wall, RSS %.1f MiB after warm-up, %.1f MiB at the end, %.1f MiB max\n", name,
              run.steps, run.wall_seconds, run.rss_warm, run.rss_end, run.rss_max);
  EXPECT_GE(run.steps, soak_steps());
  EXPECT_LE(std::abs(run.rss_end - run.rss_warm), 0.05 * run.rss_warm)
      << "resident memory grew from " << run.rss_warm << " MiB to " << run.rss_end << " MiB";
}

bool soak_enabled() {
  const char* s = std::getenv("RIPPLE_SOAK");
  return s && std::string(s) == "1";
}

// The drop falls onto the pinned rod, splits around it and settles on the floor, the rod
// swinging in the liquid: contact, volume control and redistancing every substep.
TEST(Soak, BarrierDropThroughRod) {
  if (!soak_enabled()) GTEST_SKIP() << "set RIPPLE_SOAK=1 to run (minutes)";
  const SoakRun run = soak("barrier/drop_through_rod.json", {{"/domain/dx", "0.003"}}, "barrier");
  expect_flat_memory(run, "barrier");
  expect_finite_frames(run);
  int intersecting = 0, penetrating = 0;
  double max_change = 0.0;
  for (const auto& f : run.stats) {
    intersecting = std::max(intersecting, f.at("intersecting_pairs").get<int>());
    penetrating = std::max(penetrating, f.at("penetrating_vertices").get<int>());
    max_change = std::max(max_change, std::abs(finite(f, "fluid_volume_change")));
  }
  std::printf("soak barrier: max intersecting_pairs %d, max penetrating_vertices %d, max |fluid_volume_change| %.4f\n",
              intersecting, penetrating, max_change);
  EXPECT_EQ(intersecting, 0);
  EXPECT_EQ(penetrating, 0);
}

// A light box dropped into a pool bobs and floats: the box's velocity and the pressure come
// from one solve every substep.
TEST(Soak, CutCellFloatingBox) {
  if (!soak_enabled()) GTEST_SKIP() << "set RIPPLE_SOAK=1 to run (minutes)";
  const SoakRun run = soak("cutcell/floating_box.json", {{"/domain/dx", "0.025"}}, "cutcell");
  expect_flat_memory(run, "cutcell");
  expect_finite_frames(run);
  double max_change = 0.0;
  int inverted = 0;
  for (const auto& f : run.stats) {
    max_change = std::max(max_change, std::abs(finite(f, "fluid_volume_change")));
    inverted = std::max(inverted, f.at("inverted_elements").get<int>());
  }
  std::printf("soak cutcell: max |fluid_volume_change| %.4f, max inverted_elements %d\n", max_change, inverted);
  EXPECT_LT(max_change, 0.05);
  EXPECT_EQ(inverted, 0);
}

}  // namespace
}  // namespace ripple
