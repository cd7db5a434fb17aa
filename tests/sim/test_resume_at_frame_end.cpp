// A run stopped after the last substep of a frame (before the frame is written) resumes to the
// same frames, byte for byte, as a run never stopped, under every method: the state derived
// from the checkpoint (moving obstacles' cells, a method's cut cells, its bodies' distance) is
// rebuilt on load, not left at the start's.
#include <gtest/gtest.h>

#include <csignal>
#include <cstdio>

#include "../test_support.hpp"
#include "ripple/sim/simulation.hpp"

using namespace ripple;
namespace fs = std::filesystem;

namespace {

/// A small dam break reaching a box under `method`, 16 frames.
Scene scene_under(const std::string& method) {
  nlohmann::json j = test::small_scene();
  j["time"]["end"] = 16.0 / 30.0;
  j["solids"] = nlohmann::json::array(
      {{{"type", "rigid"}, {"name", "box"}, {"density", 500},
        {"geometry", {{"type", "box"}, {"min", {0.25, 0.05, 0.02}}, {"max", {0.31, 0.1, 0.08}}}}}});
  j["coupling"] = {{"method", method}};
  return test::scene_from(j);
}

void run(const Scene& s, const fs::path& out, bool resume, std::function<int()> stop = {},
         std::function<void(const SubstepInfo&)> on_substep = {}) {
  RunOptions o;
  o.output_dir = out.string();
  o.resume = resume;
  o.stop_requested = std::move(stop);
  o.on_substep = std::move(on_substep);
  run_simulation(s, o);
}

/// Runs `s` whole into dir/ref; into dir/out stopped (SIGTERM) once frame `frame`'s substeps
/// reach its end time, before the frame is written, then resumed; the frames from `frame` on
/// (`files`) must be the same in both.
void expect_resume_at_frame_end(const Scene& s, const fs::path& dir, int frame, const std::vector<std::string>& files) {
  run(s, dir / "ref", false);
  bool at_end = false;
  const double t_end = frame / s.time.fps;
  run(
      s, dir / "out", false, [&] { return at_end ? SIGTERM : 0; },
      [&](const SubstepInfo& i) { at_end = i.frame == frame && i.sim_time >= t_end - 1e-9; });
  ASSERT_TRUE(at_end);
  char name[32];
  std::snprintf(name, sizeof name, "liquid_%04d.ply", frame);
  ASSERT_FALSE(fs::exists(dir / "out" / name)) << "the stop came after the frame was written";
  run(s, dir / "out", true);
  test::expect_same_files(dir / "ref", dir / "out", files);
}

}  // namespace

class ResumeAtFrameEnd : public ::testing::TestWithParam<std::string> {};

TEST_P(ResumeAtFrameEnd, WritesTheFramesOfARunNeverStopped) {
  const std::string method = GetParam();
  const auto dir = test::temp_dir("resume_frame_end_" + method);
  // Frame 14: the wave has reached the box by then.
  expect_resume_at_frame_end(scene_under(method), dir, 14,
                             {"liquid_0014.ply", "liquid_0015.ply", "liquid_0016.ply", "solid_box_0016.ply"});
}

INSTANTIATE_TEST_SUITE_P(Methods, ResumeAtFrameEnd,
                         ::testing::Values("none", "cutcell", "slip", "monolith", "barrier", "membrane"));

// A paddle (a kinematic box obstacle) pushing into the liquid, no Lagrangian solid: the
// obstacle's cells are where the last step left them, not at the start (the world is built at
// t = 0).
class ResumeAtFrameEndWithAPaddle : public ::testing::TestWithParam<std::string> {};

TEST_P(ResumeAtFrameEndWithAPaddle, WritesTheFramesOfARunNeverStopped) {
  const std::string method = GetParam();
  const auto dir = test::temp_dir("resume_frame_end_paddle_" + method);
  nlohmann::json j = test::small_scene();
  j["time"]["end"] = 8.0 / 30.0;
  j["solids"] = nlohmann::json::array({{{"type", "box"}, {"name", "paddle"}, {"min", {0.2, 0.0, 0.0}},
                                        {"max", {0.24, 0.15, 0.1}}, {"velocity", {-0.3, 0, 0}}}});
  j["coupling"] = {{"method", method}};
  expect_resume_at_frame_end(test::scene_from(j), dir, 6, {"liquid_0006.ply", "liquid_0007.ply", "liquid_0008.ply"});
}

INSTANTIATE_TEST_SUITE_P(Methods, ResumeAtFrameEndWithAPaddle, ::testing::Values("none", "slip", "cutcell"));
