// `ripple compare`'s summary of one run: each column reduced over the frames as it says, a
// resumed run's repeated frames counted once, a broken last line (a run killed mid-write) ignored.
#include <gtest/gtest.h>

#include "../test_support.hpp"
#include "ripple/sim/compare_summary.hpp"

using namespace ripple;
using nlohmann::json;

TEST(CompareSummary, ReducesEachColumnOverTheFrames) {
  std::vector<json> frames = {
      {{"frame", 0}, {"time", 0.0}, {"wall_seconds", 0.5}, {"substeps", 0}, {"fluid_volume_change", 0.0},
       {"total_energy", 10.0}, {"min_contact_distance", nullptr}, {"pressure_iterations", 0},
       {"timings", {{"pressure", 0.0}}}},
      {{"frame", 1}, {"time", 0.1}, {"wall_seconds", 1.0}, {"substeps", 3}, {"fluid_volume_change", 0.02},
       {"total_energy", 10.5}, {"min_contact_distance", 0.003}, {"pressure_iterations", 30},
       {"timings", {{"pressure", 0.4}, {"advect", 0.1}}}},
      {{"frame", 2}, {"time", 0.2}, {"wall_seconds", 1.5}, {"substeps", 4}, {"fluid_volume_change", -0.05},
       {"total_energy", 9.0}, {"min_contact_distance", 0.001}, {"pressure_iterations", 45},
       {"timings", {{"pressure", 0.6}}},
       {"bodies", {{{"name", "box"}, {"center_of_mass", {1, 2, 3}}, {"velocity", {0, -1, 0}}}}}}};
  const json s = summarise_run(frames);
  EXPECT_EQ(s["frames"], 2);
  EXPECT_DOUBLE_EQ(s["simulated_seconds"].get<double>(), 0.2);
  EXPECT_DOUBLE_EQ(s["wall_seconds"].get<double>(), 3.0);
  EXPECT_DOUBLE_EQ(s["seconds_per_simulated_second"].get<double>(), 15.0);
  EXPECT_DOUBLE_EQ(s["substeps"].get<double>(), 7.0);
  EXPECT_DOUBLE_EQ(s["worst"]["fluid_volume_change"].get<double>(), 0.05);  // the largest magnitude
  EXPECT_DOUBLE_EQ(s["worst"]["total_energy"].get<double>(), 0.5);          // the rise above frame 0
  EXPECT_DOUBLE_EQ(s["worst"]["min_contact_distance"].get<double>(), 0.001);  // nulls skipped
  EXPECT_TRUE(s["worst"]["intersecting_pairs"].is_null());                   // not measured
  EXPECT_DOUBLE_EQ(s["iterations"]["pressure_iterations"].get<double>(), 75.0);
  EXPECT_TRUE(s["iterations"]["newton_iterations"].is_null());
  EXPECT_DOUBLE_EQ(s["timings"]["pressure"].get<double>(), 1.0);
  EXPECT_DOUBLE_EQ(s["timings"]["advect"].get<double>(), 0.1);
  ASSERT_EQ(s["bodies"].size(), 1u);
  EXPECT_EQ(s["bodies"][0]["center_of_mass"], json({1, 2, 3}));
}

TEST(CompareSummary, KeepsTheLastOfRepeatedFramesAndStopsAtABrokenLine) {
  const auto dir = test::temp_dir("compare_stats");
  test::write_text(dir / "stats.jsonl",
                   "{\"frame\":0,\"time\":0.0,\"substeps\":0}\n"
                   "{\"frame\":1,\"time\":0.1,\"substeps\":9}\n"
                   "{\"frame\":1,\"time\":0.1,\"substeps\":2}\n"
                   "{\"frame\":2,\"time\":0.2,\"substeps\":2}\n"
                   "{\"frame\":3,\"ti");
  const std::vector<json> frames = read_stats_frames(dir.string());
  ASSERT_EQ(frames.size(), 3u);
  EXPECT_EQ(frames[1]["substeps"], 2);
  EXPECT_EQ(last_stats_frame(dir.string()), 2);
  EXPECT_EQ(last_stats_frame((dir / "none").string()), -1);
}
