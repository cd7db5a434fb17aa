// End-to-end tests of the `ripple` binary: exit codes, outputs, checkpoint resume.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "../test_support.hpp"
#include "ripple/io/mesh_writers.hpp"

using namespace ripple;
namespace fs = std::filesystem;

TEST(CommandLine, VersionHelpAndValidate) {
  const auto dir = test::temp_dir("cli_basic");
  EXPECT_EQ(test::run_ripple("--version", (dir / "v.log").string()), 0);
  EXPECT_NE(test::read_text(dir / "v.log").find("ripple "), std::string::npos);
  EXPECT_EQ(test::run_ripple("--help", (dir / "h.log").string()), 0);
  const std::string good = test::write_text(dir / "good.json", test::small_scene().dump());
  EXPECT_EQ(test::run_ripple("validate " + good, (dir / "ok.log").string()), 0);
  const std::string bad = test::write_text(dir / "bad.json", R"({"fluid": {"viscosity": -1}})");
  EXPECT_EQ(test::run_ripple("validate " + bad, (dir / "bad.log").string()), 2);
  const std::string log = test::read_text(dir / "bad.log");
  EXPECT_NE(log.find("bad.json"), std::string::npos) << log;
  EXPECT_NE(log.find("/fluid/viscosity"), std::string::npos) << log;
  EXPECT_EQ(test::run_ripple("run " + (dir / "missing.json").string(), (dir / "m.log").string()), 2);
  EXPECT_NE(test::read_text(dir / "m.log").find("cannot open scene file"), std::string::npos);
  EXPECT_EQ(test::run_ripple("run " + good + " --set time/end=1", (dir / "s.log").string()), 2);
  EXPECT_EQ(test::run_ripple("run " + good + " --frames -1", (dir / "f.log").string()), 2);
  EXPECT_LT(test::read_text(dir / "f.log").size(), 200u) << "readable range message";
  // Resuming from a folder without checkpoints fails without creating it.
  EXPECT_EQ(test::run_ripple("run " + good + " --resume " + (dir / "nothing").string(), (dir / "n.log").string()), 2);
  EXPECT_NE(test::read_text(dir / "n.log").find("no checkpoint found"), std::string::npos);
  EXPECT_FALSE(fs::exists(dir / "nothing"));
}

TEST(CommandLine, RunWritesFramesStatsAndPreviews) {
  const auto dir = test::temp_dir("cli_run");
  auto j = test::small_scene();
  j["output"]["preview"]["enabled"] = true;
  j["output"]["formats"] = {"ply", "obj"};
  const std::string scene = test::write_text(dir / "s.json", j.dump());
  const fs::path out = dir / "out";
  ASSERT_EQ(test::run_ripple("run " + scene + " --frames 2 --quiet --out " + out.string(), (dir / "r.log").string()), 0)
      << test::read_text(dir / "r.log");
  for (const char* f : {"scene.resolved.json", "stats.jsonl", "liquid_0000.ply", "liquid_0002.ply", "liquid_0002.obj",
                        "preview_0002.png", "checkpoints/frame_0000.ckpt"})
    EXPECT_TRUE(fs::exists(out / f)) << f;
  // Stats: one line per frame with the documented keys.
  std::istringstream stats(test::read_text(out / "stats.jsonl"));
  std::string line;
  int lines = 0;
  while (std::getline(stats, line)) {
    const auto s = nlohmann::json::parse(line);
    for (const char* k : {"frame", "time", "substeps", "wall_seconds", "fluid_volume", "fluid_volume_change",
                          "fluid_kinetic_energy", "max_fluid_speed", "fluid_bbox", "pressure_iterations",
                          "pressure_residual", "wall_separation_solves", "wall_separation_cells_max", "timings"})
      EXPECT_TRUE(s.contains(k)) << k;
    EXPECT_EQ(s["frame"], lines);
    ++lines;
  }
  EXPECT_EQ(lines, 3);
  const TriangleMesh m = read_ply((out / "liquid_0002.ply").string());
  EXPECT_EQ(m.boundary_or_nonmanifold_edges(), 0);
  EXPECT_GT(m.signed_volume(), 0.0);
}

TEST(CommandLine, ResumeReproducesAnUninterruptedRun) {
  const auto dir = test::temp_dir("cli_resume");
  auto j = test::small_scene();
  j["time"]["end"] = 0.2;
  j["output"]["checkpoint_every"] = 3;
  // An emitter and a drain, whose running totals the checkpoint carries.
  j["fluid"]["emitters"] = nlohmann::json::parse(
      R"([{"type": "box", "min": [0.25, 0.2, 0.025], "max": [0.3, 0.25, 0.075], "velocity": [0, -0.5, 0]}])");
  j["fluid"]["drains"] = nlohmann::json::parse(R"([{"type": "box", "min": [0.35, -1, -1], "max": [1, 0.05, 1]}])");
  const std::string scene = test::write_text(dir / "s.json", j.dump());
  const std::string a = (dir / "a").string(), b = (dir / "b").string();
  ASSERT_EQ(test::run_ripple("run " + scene + " --quiet --out " + a, (dir / "a.log").string()), 0);
  ASSERT_EQ(test::run_ripple("run " + scene + " --quiet --frames 4 --out " + b, (dir / "b.log").string()), 0);
  // Frames 4 was written after the checkpoint at 3: resume restarts from 3 and rewrites it.
  ASSERT_EQ(test::run_ripple("run " + scene + " --quiet --resume " + b + " --threads 1", (dir / "c.log").string()), 0)
      << test::read_text(dir / "c.log");
  EXPECT_EQ(test::read_text(fs::path(a) / "liquid_0006.ply"), test::read_text(fs::path(b) / "liquid_0006.ply"));
  auto last_line = [](const std::string& text) {
    std::istringstream in(text);
    std::string line, last;
    while (std::getline(in, line)) last = line;
    return nlohmann::json::parse(last);
  };
  const auto last_a = last_line(test::read_text(fs::path(a) / "stats.jsonl")),
             last_b = last_line(test::read_text(fs::path(b) / "stats.jsonl"));
  EXPECT_GT(last_a["emitted_volume"]["emitter0"].get<double>(), 0.0);
  EXPECT_GT(last_a["drained_volume"]["drain0"].get<double>(), 0.0);
  EXPECT_EQ(last_a["emitted_volume"], last_b["emitted_volume"]);
  EXPECT_EQ(last_a["drained_volume"], last_b["drained_volume"]);
  // stats.jsonl has each frame exactly once.
  std::istringstream stats(test::read_text(fs::path(b) / "stats.jsonl"));
  std::string line;
  int expect = 0;
  while (std::getline(stats, line)) EXPECT_EQ(nlohmann::json::parse(line)["frame"], expect++);
  EXPECT_EQ(expect, 7);
  // --out beside --resume would be ignored: refused instead.
  EXPECT_EQ(test::run_ripple("run " + scene + " --quiet --resume " + b + " --out " + a, (dir / "d.log").string()), 2);
  EXPECT_NE(test::read_text(dir / "d.log").find("give one of --resume and --out"), std::string::npos)
      << test::read_text(dir / "d.log");
}

TEST(CommandLine, HeaderCountsTheFramesThatWillRun) {
  const auto dir = test::temp_dir("cli_header");
  auto j = test::small_scene();
  j["time"]["end"] = 1.0;  // 30 frames
  const std::string scene = test::write_text(dir / "s.json", j.dump());
  ASSERT_EQ(test::run_ripple("run " + scene + " --frames 1 --out " + (dir / "o").string(), (dir / "log").string()), 0);
  const std::string log = test::read_text(dir / "log");
  EXPECT_NE(log.find(", 1 frames at 30 fps"), std::string::npos) << log;
}

TEST(CommandLine, ResumeAfterSigkill) {
  const auto dir = test::temp_dir("cli_kill");
  auto j = test::small_scene();
  j["time"]["end"] = 6.0;
  j["output"]["checkpoint_every"] = 2;
  j["output"]["checkpoint_keep"] = 0;  // frame 6's checkpoint stays to be seen
  const std::string scene = test::write_text(dir / "s.json", j.dump());
  const fs::path out = dir / "out";
  const pid_t pid = fork();
  if (pid == 0) {
    execl(RIPPLE_BINARY, RIPPLE_BINARY, "run", scene.c_str(), "--quiet", "--out", out.string().c_str(), nullptr);
    _exit(127);
  }
  // Kill it once a few checkpoints exist.
  for (int i = 0; i < 600 && !fs::exists(out / "checkpoints" / "frame_0006.ckpt"); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  kill(pid, SIGKILL);
  int status = 0;
  waitpid(pid, &status, 0);
  ASSERT_TRUE(fs::exists(out / "checkpoints" / "frame_0006.ckpt"));
  ASSERT_FALSE(fs::exists(out / "liquid_0180.ply")) << "the run finished before it was killed";
  ASSERT_EQ(test::run_ripple("run " + scene + " --quiet --resume " + out.string(), (dir / "r.log").string()), 0)
      << test::read_text(dir / "r.log");
  const fs::path ref = dir / "ref";
  ASSERT_EQ(test::run_ripple("run " + scene + " --quiet --out " + ref.string(), (dir / "ref.log").string()), 0);
  EXPECT_EQ(test::read_text(out / "liquid_0180.ply"), test::read_text(ref / "liquid_0180.ply"));
}

TEST(CommandLine, ExplodingTimeStepExitsWithThreeAndKeepsFrames) {
  const auto dir = test::temp_dir("cli_explode");
  auto j = test::small_scene();
  j["time"]["end"] = 1.0;
  j["time"]["min_dt"] = 1e-3;
  j["time"]["max_dt"] = 0.01;
  j["gravity"] = {0, -9.81, 0};
  j["fluid"]["regions"][0]["velocity"] = {0, 0, 0};
  // Strong gravity makes the CFL step fall below min_dt within a few frames.
  j["gravity"] = {0, -2000, 0};
  const std::string scene = test::write_text(dir / "s.json", j.dump());
  const fs::path out = dir / "out";
  EXPECT_EQ(test::run_ripple("run " + scene + " --quiet --out " + out.string(), (dir / "r.log").string()), 3);
  EXPECT_NE(test::read_text(dir / "r.log").find("time step collapsed"), std::string::npos) << test::read_text(dir / "r.log");
  EXPECT_TRUE(fs::exists(out / "liquid_0000.ply"));
}

// Every example scene shipped in scenes/ must stay valid as the schema grows.
TEST(CommandLine, EveryExampleSceneValidates) {
  const auto dir = test::temp_dir("examples");
  int scenes = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(std::string(RIPPLE_SOURCE_DIR) + "/scenes")) {
    if (e.path().extension() != ".json") continue;
    ++scenes;
    EXPECT_EQ(test::run_ripple("validate " + e.path().string(), (dir / "log.txt").string()), 0)
        << e.path() << ": " << test::read_text(dir / "log.txt");
  }
  EXPECT_GE(scenes, 3);
}

// A rigid body read from a closed OBJ that crosses itself (two overlapping cubes) is invalid
// input: exit 2 before anything is simulated, naming the file.
TEST(CommandLine, SelfIntersectingMeshExitsWithTwo) {
  const auto dir = test::temp_dir("cli_self_intersecting");
  std::string obj = "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1\n";
  obj += "v .5 .3 .2\nv 1.5 .3 .2\nv 1.5 1.3 .2\nv .5 1.3 .2\nv .5 .3 1.2\nv 1.5 .3 1.2\nv 1.5 1.3 1.2\nv .5 1.3 1.2\n";
  for (int o : {0, 8})
    for (const auto& f : {std::array<int, 4>{1, 4, 3, 2}, {5, 6, 7, 8}, {1, 2, 6, 5}, {4, 8, 7, 3}, {1, 5, 8, 4}, {2, 3, 7, 6}})
      obj += "f " + std::to_string(f[0] + o) + " " + std::to_string(f[1] + o) + " " + std::to_string(f[2] + o) + " " +
             std::to_string(f[3] + o) + "\n";
  test::write_text(dir / "two_cubes.obj", obj);
  auto j = test::small_scene();
  j["solids"] = nlohmann::json::parse(R"([{"type": "rigid", "geometry": {"type": "mesh", "file": "two_cubes.obj",
                                           "scale": 0.04, "translate": [0.28, 0.18, 0.03]}}])");
  const std::string scene = test::write_text(dir / "s.json", j.dump());
  EXPECT_EQ(test::run_ripple("validate " + scene, (dir / "v.log").string()), 2);
  const std::string log = test::read_text(dir / "v.log");
  EXPECT_NE(log.find("s.json: /solids/0/geometry/file"), std::string::npos) << log;
  EXPECT_NE(log.find("two_cubes.obj intersects itself"), std::string::npos) << log;
}
