// `ripple compare` end to end: the report's files hold the runs' own numbers, and a comparison
// killed halfway continues where each run stopped, to the same frames as an uninterrupted run.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <thread>

#include "../test_support.hpp"
#include "ripple/sim/compare_summary.hpp"

using namespace ripple;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

/// A small dam break with a floating box, `end` seconds at 30 fps.
json compare_scene(double end) {
  json j = test::small_scene();
  j["time"]["end"] = end;
  j["solids"] = json::array({{{"type", "rigid"}, {"name", "box"}, {"density", 500},
                              {"geometry", {{"type", "box"}, {"min", {0.25, 0.05, 0.02}}, {"max", {0.31, 0.1, 0.08}}}}}});
  j["output"]["preview"] = {{"enabled", true}, {"width", 160}, {"height", 120}};
  return j;
}

json read_json(const fs::path& p) { return json::parse(test::read_text(p)); }

}  // namespace

TEST(CompareCommand, ReportHoldsTheNumbersOfTheRunsStats) {
  const auto dir = test::temp_dir("compare_report");
  const std::string scene = test::write_text(dir / "s.json", compare_scene(0.1).dump());
  const fs::path out = dir / "out";
  ASSERT_EQ(test::run_ripple("compare " + scene + " --methods cutcell,slip --out " + out.string(),
                             (dir / "log").string()),
            0)
      << test::read_text(dir / "log");
  const std::string log = test::read_text(dir / "log");
  if (std::thread::hardware_concurrency() >= 2) {
    EXPECT_NE(log.find("side by side"), std::string::npos) << log;
  }
  const json summary = read_json(out / "summary.json");
  ASSERT_EQ(summary["methods"].size(), 2u);
  for (const json& m : summary["methods"]) {
    const std::string method = m["method"];
    SCOPED_TRACE(method);
    EXPECT_EQ(m["status"], "done");
    EXPECT_EQ(m["frames"], 3);
    const std::vector<json> frames = read_stats_frames((out / method).string());
    ASSERT_EQ(frames.size(), 4u);
    double volume = 0.0, wall = 0.0, pressure = 0.0, rise = 0.0;
    for (const json& f : frames) {
      volume = std::max(volume, std::abs(f["fluid_volume_change"].get<double>()));
      wall += f["wall_seconds"].get<double>();
      pressure += f["pressure_iterations"].get<double>();
      rise = std::max(rise, f["total_energy"].get<double>() - frames[0]["total_energy"].get<double>());
    }
    EXPECT_DOUBLE_EQ(m["worst"]["fluid_volume_change"].get<double>(), volume);
    EXPECT_DOUBLE_EQ(m["worst"]["total_energy"].get<double>(), rise);
    EXPECT_DOUBLE_EQ(m["wall_seconds"].get<double>(), wall);
    EXPECT_DOUBLE_EQ(m["iterations"]["pressure_iterations"].get<double>(), pressure);
    EXPECT_EQ(m["bodies"][0]["center_of_mass"], frames.back()["bodies"][0]["center_of_mass"]);
    EXPECT_GT(m["peak_memory_bytes"].get<double>(), 1e6);  // measured by the parent, not guessed
  }
  // The page: self-contained (figures inline), a column per method, the figures also as files.
  const std::string page = test::read_text(out / "report.html");
  EXPECT_NE(page.find("cutcell</th>"), std::string::npos);
  EXPECT_NE(page.find("slip</th>"), std::string::npos);
  EXPECT_NE(page.find("data:image/png;base64,"), std::string::npos);
  EXPECT_EQ(page.find("src=\"figures/"), std::string::npos);
  for (const char* f : {"previews.png", "volume.png", "energy.png", "bodies.png", "iterations.png", "timing.png"})
    EXPECT_GT(fs::file_size(out / "figures" / f), 5000u) << f;
  // The Markdown table for docs carries the same volume change, in percent.
  const std::string md = test::read_text(out / "summary.md");
  char cell[32];
  std::snprintf(cell, sizeof cell, "%.3g %%", 100.0 * summary["methods"][0]["worst"]["fluid_volume_change"].get<double>());
  EXPECT_NE(md.find(cell), std::string::npos) << cell << "\n" << md;
}

TEST(CompareCommand, AKilledCompareContinuesWhereItsRunsStopped) {
  const auto dir = test::temp_dir("compare_kill");
  json j = compare_scene(0.5);  // 15 frames
  j["output"]["preview"] = {{"enabled", false}};
  const std::string scene = test::write_text(dir / "s.json", j.dump());
  const fs::path out = dir / "out";
  const std::string args_tail = " --quiet --threads 1 --schedule sequential --methods cutcell,monolith";
  const pid_t pid = fork();
  if (pid == 0) {
    const std::string log = (dir / "first.log").string();
    execl("/bin/sh", "sh", "-c",
          (std::string("exec ") + RIPPLE_BINARY + " compare " + scene + " --out " + out.string() + args_tail + " >" +
           log + " 2>&1")
              .c_str(),
          nullptr);
    _exit(127);
  }
  for (int i = 0; i < 1200 && last_stats_frame((out / "cutcell").string()) < 3; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  kill(pid, SIGKILL);  // no chance to clean up: its runs learn of it from the kernel
  int status = 0;
  waitpid(pid, &status, 0);
  // The orphaned run stops at a checkpoint on its own (SIGHUP from the kernel, once per thread
  // of the dead parent).
  for (int i = 0; i < 1200 && test::read_text(out / "cutcell" / "compare.log").find("continue with") == std::string::npos;
       ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ASSERT_NE(test::read_text(out / "cutcell" / "compare.log").find("continue with"), std::string::npos)
      << "the orphaned run did not stop at a checkpoint:\n" << test::read_text(out / "cutcell" / "compare.log");
  const int stopped_at = last_stats_frame((out / "cutcell").string());
  ASSERT_GE(stopped_at, 3);
  ASSERT_LT(stopped_at, 15) << "the run finished before the comparison was killed";
  EXPECT_FALSE(fs::exists(out / "monolith" / "stats.jsonl"));

  ASSERT_EQ(test::run_ripple("compare " + scene + " --out " + out.string() + " --threads 1 --schedule sequential "
                             "--methods cutcell,monolith",
                             (dir / "second.log").string()),
            0)
      << test::read_text(dir / "second.log");
  EXPECT_NE(test::read_text(dir / "second.log").find("cutcell resumes from its checkpoint"), std::string::npos)
      << test::read_text(dir / "second.log");
  const std::vector<json> frames = read_stats_frames((out / "cutcell").string());
  ASSERT_EQ(frames.size(), 16u);
  for (int f = 0; f <= 15; ++f) EXPECT_EQ(frames[f]["frame"], f);
  // The frames written before the kill are kept, and the resumed ones are those of a run never
  // stopped.
  ASSERT_EQ(test::run_ripple("run " + scene + " --quiet --threads 1 --set '/coupling/method=\"cutcell\"' --out " +
                                 (dir / "ref").string(),
                             (dir / "ref.log").string()),
            0);
  char name[32];
  std::snprintf(name, sizeof name, "liquid_%04d.ply", stopped_at);
  EXPECT_EQ(test::read_text(out / "cutcell" / name), test::read_text(dir / "ref" / name));
  EXPECT_EQ(test::read_text(out / "cutcell" / "liquid_0015.ply"), test::read_text(dir / "ref" / "liquid_0015.ply"));
  const json summary = read_json(out / "summary.json");
  EXPECT_EQ(summary["methods"][0]["status"], "done");
  EXPECT_EQ(summary["methods"][1]["status"], "done");
}

TEST(CompareCommand, FailedRunsAreReportedWithTheirErrorAndExitThree) {
  const auto dir = test::temp_dir("compare_failed");
  json j = compare_scene(1.0);
  j["output"]["preview"] = {{"enabled", false}};
  j["time"]["min_dt"] = 1e-3;  // strong gravity makes the step collapse below it within frames
  j["time"]["max_dt"] = 0.01;
  j["gravity"] = {0, -2000, 0};
  j["solids"] = json::array();
  const std::string scene = test::write_text(dir / "s.json", j.dump());
  const fs::path out = dir / "out";
  EXPECT_EQ(test::run_ripple("compare " + scene + " --methods cutcell,slip --threads 2 --out " + out.string(),
                             (dir / "log").string()),
            3)
      << test::read_text(dir / "log");
  const json summary = read_json(out / "summary.json");
  ASSERT_EQ(summary["methods"].size(), 2u);
  for (const json& m : summary["methods"]) {
    EXPECT_EQ(m["status"], "failed") << m["method"];
    EXPECT_NE(m["error"].get<std::string>().find("time step collapsed"), std::string::npos) << m["error"];
    // The frames before the failure are kept and summarised.
    EXPECT_EQ(m["frames"].get<int>(), last_stats_frame((out / m["method"].get<std::string>()).string()));
    EXPECT_LT(m["frames"].get<int>(), 30);
  }
  const std::string page = test::read_text(out / "report.html");
  EXPECT_NE(page.find("failed:"), std::string::npos);
}

TEST(CompareCommand, AShorterRerunReusesTheFramesThere) {
  const auto dir = test::temp_dir("compare_shorter");
  json j = compare_scene(0.1);
  j["output"]["preview"] = {{"enabled", false}};
  const std::string scene = test::write_text(dir / "s.json", j.dump());
  const std::string out = (dir / "out").string();
  ASSERT_EQ(test::run_ripple("compare " + scene + " --methods cutcell --out " + out, (dir / "a.log").string()), 0)
      << test::read_text(dir / "a.log");
  ASSERT_EQ(test::run_ripple("compare " + scene + " --methods cutcell --frames 2 --out " + out, (dir / "b.log").string()),
            0)
      << test::read_text(dir / "b.log");
  EXPECT_NE(test::read_text(dir / "b.log").find("cutcell already has frames 0..2"), std::string::npos)
      << test::read_text(dir / "b.log");
  const json summary = read_json(dir / "out" / "summary.json");
  EXPECT_EQ(summary["methods"][0]["status"], "done");
  EXPECT_EQ(summary["methods"][0]["frames"], 2);  // the summary stops at --frames
  // An edited scene is run again, not reused.
  j["fluid"]["regions"][0]["max"] = {0.2, 0.2, 0.1};
  test::write_text(dir / "s.json", j.dump());
  ASSERT_EQ(test::run_ripple("compare " + scene + " --methods cutcell --out " + out, (dir / "c.log").string()), 0)
      << test::read_text(dir / "c.log");
  EXPECT_NE(test::read_text(dir / "c.log").find("the scene changed; it starts afresh"), std::string::npos)
      << test::read_text(dir / "c.log");
}

TEST(CompareCommand, AFolderThatIsNotThisComparisonsIsRefusedWithTwo) {
  const auto dir = test::temp_dir("compare_folder");
  json j = compare_scene(0.1);
  j["output"]["preview"] = {{"enabled", false}};
  const std::string scene = test::write_text(dir / "s.json", j.dump());
  // Someone else's files.
  fs::create_directories(dir / "theirs");
  test::write_text(dir / "theirs" / "notes.txt", "keep me");
  EXPECT_EQ(test::run_ripple("compare " + scene + " --methods cutcell --out " + (dir / "theirs").string(),
                             (dir / "a.log").string()),
            2);
  EXPECT_NE(test::read_text(dir / "a.log").find("not a comparison's"), std::string::npos) << test::read_text(dir / "a.log");
  EXPECT_EQ(test::read_text(dir / "theirs" / "notes.txt"), "keep me");
  // A record that is not one.
  fs::create_directories(dir / "broken");
  test::write_text(dir / "broken" / "compare.json", "{\"scene\": \"" + fs::absolute(scene).lexically_normal().string() +
                                                         "\", \"overrides\": [], \"runs\": {\"cutcell\": 5}}");
  EXPECT_EQ(test::run_ripple("compare " + scene + " --methods cutcell --out " + (dir / "broken").string(),
                             (dir / "b.log").string()),
            2);
  EXPECT_NE(test::read_text(dir / "b.log").find("compare.json: /runs/cutcell: expected an object"), std::string::npos)
      << test::read_text(dir / "b.log");
}
