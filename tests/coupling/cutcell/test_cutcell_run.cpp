// A cut-cell run through the `ripple` program: stats carry the coupling's block, and a run
// resumed from a checkpoint writes the same frames as an uninterrupted one.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <vector>

#include "../../test_support.hpp"

using namespace ripple;
using nlohmann::json;

namespace {

namespace fs = std::filesystem;

/// The stats lines of a run's frames after the first (frame 0 has no step behind it).
std::vector<json> stepped_frames(const fs::path& run) {
  std::ifstream stats(run / "stats.jsonl");
  std::vector<json> out;
  for (std::string line; std::getline(stats, line);) out.push_back(json::parse(line));
  if (!out.empty()) out.erase(out.begin());
  return out;
}

}  // namespace

TEST(CutCellRun, WritesItsStatsAndResumesExactly) {
  const auto dir = test::temp_dir("cutcell_run");
  const json j = json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.2, 0.2, 0.2], "dx": 0.0125},
    "time": {"end": 0.1, "fps": 30},
    "fluid": {"regions": [{"type": "box", "min": [0, 0, 0], "max": [0.2, 0.1, 0.2]}]},
    "solids": [{"type": "volume", "name": "cube", "density": 500, "model": "corotated_linear", "young": 1e5,
                "geometry": {"type": "box", "min": [0.07, 0.09, 0.07], "max": [0.13, 0.15, 0.13], "resolution": 3}},
               {"type": "rigid", "name": "ball", "density": 700,
                "geometry": {"type": "sphere", "center": [0.05, 0.12, 0.15], "radius": 0.025, "subdivisions": 2}}],
    "coupling": {"method": "cutcell"},
    "output": {"checkpoint_every": 1, "preview": {"enabled": false}}
  })");
  const auto [a, b] = test::run_whole_and_resumed(dir, j, 1);
  ASSERT_FALSE(HasFailure());
  const std::vector<json> frames = stepped_frames(a);
  for (const json& s : frames) {
    const std::string line = s.dump();
    ASSERT_TRUE(s.contains("cutcell")) << line;
    const json& c = s["cutcell"];
    EXPECT_EQ(c["solver"], "cg+block(multigrid, cholesky)");
    EXPECT_EQ(c["solid_unknowns"], 3 * 64 + 6);  // a 4^3-vertex cube and one rigid body
    EXPECT_LT(c["coupled_residual_max"].get<double>(), 1e-5);
    EXPECT_EQ(c["body_forces"].size(), 2u);
    EXPECT_GT(c["body_forces"][0]["force"][1].get<double>(), 0.0);  // the liquid holds the cube up
    EXPECT_EQ(s["pressure_unconverged"], 0);
    for (const char* k : {"solid_motion", "cut_cells", "coupled_assembly", "coupled_solve", "pressure_update"})
      EXPECT_TRUE(s["timings"].contains(k)) << k;
  }
  EXPECT_EQ(frames.size(), 3u);
  EXPECT_EQ(test::read_text(a / "liquid_0003.ply"), test::read_text(b / "liquid_0003.ply"));
  EXPECT_EQ(test::read_text(a / "solid_cube_0003.ply"), test::read_text(b / "solid_cube_0003.ply"));
}

TEST(CutCellRun, BodiesInContactResumeExactly) {
  // A block resting on a floating raft from the start: the contact filter runs every step, and
  // its lagged friction forces come back from the checkpoint, so the resumed run is identical.
  const auto dir = test::temp_dir("cutcell_contact_run");
  const json j = json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.2, 0.2, 0.2], "dx": 0.02},
    "time": {"end": 0.2, "fps": 30},
    "fluid": {"regions": [{"type": "box", "min": [0, 0, 0], "max": [0.2, 0.09, 0.2]}]},
    "solids": [{"type": "rigid", "name": "raft", "density": 500,
                "geometry": {"type": "box", "min": [0.04, 0.06, 0.04], "max": [0.16, 0.1, 0.16]}},
               {"type": "rigid", "name": "block", "density": 1000,
                "geometry": {"type": "box", "min": [0.08, 0.1005, 0.08], "max": [0.12, 0.1405, 0.12]}}],
    "coupling": {"method": "cutcell"},
    "output": {"checkpoint_every": 1, "preview": {"enabled": false}}
  })");
  const auto [a, b] = test::run_whole_and_resumed(dir, j, 3);
  ASSERT_FALSE(HasFailure());
  const std::vector<json> frames = stepped_frames(a);
  for (const json& s : frames) {
    const std::string line = s.dump();
    const json& c = s["cutcell"]["body_contact"];
    EXPECT_GT(c["filtered_steps"].get<int>(), 0) << line;
    EXPECT_GT(c["held_max"].get<int>(), 0) << line;
    EXPECT_EQ(c["unconverged"], 0) << line;
    EXPECT_GT(c["min_gap"].get<double>(), 0.0) << line;
    EXPECT_EQ(s["intersecting_pairs"], 0) << line;
  }
  EXPECT_EQ(frames.size(), 6u);
  EXPECT_EQ(test::read_text(a / "solid_block_0006.ply"), test::read_text(b / "solid_block_0006.ply"));
  EXPECT_EQ(test::read_text(a / "liquid_0006.ply"), test::read_text(b / "liquid_0006.ply"));
}
