// Issue 4's invariants on every frame of every shipped barrier scene (scenes/barrier/*.json):
// no solid vertex inside the liquid (`penetrating_vertices`, both the quadratic and the
// trilinear reading, counted apart from the barrier) and the liquid's volume (the exported
// surface's, `fluid_volume_change`) within 0.5 % of the start. One test per scene, run as
// shipped; together about 8 minutes on 2 cores (ctest -j2), so only with RIPPLE_LONG_VALIDATION=1:
//   RIPPLE_LONG_VALIDATION=1 build/tests/ripple_tests --gtest_filter='*LongValidationBarrierScenes*'
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "../test_support.hpp"
#include "barrier_run_stats.hpp"

using namespace ripple;

namespace {

constexpr double kVolumeDrift = 0.005;  // the bound, a fraction of the start volume

std::vector<std::string> barrier_scenes() {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(std::string(RIPPLE_SOURCE_DIR) + "/scenes/barrier"))
    if (e.path().extension() == ".json") names.push_back(e.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

class LongValidationBarrierScenes : public testing::TestWithParam<std::string> {};

}  // namespace

TEST_P(LongValidationBarrierScenes, NoVertexEntersTheLiquidAndTheVolumeStaysWithinHalfAPercent) {
  if (!std::getenv("RIPPLE_LONG_VALIDATION")) GTEST_SKIP() << "set RIPPLE_LONG_VALIDATION=1 (minutes per scene)";
  const auto dir = test::temp_dir("barrier_scene_" + GetParam());
  const std::string scene = std::string(RIPPLE_SOURCE_DIR) + "/scenes/barrier/" + GetParam() + ".json";
  ASSERT_EQ(test::run_ripple("run " + scene + " --quiet --out " + (dir / "out").string(), (dir / "log").string()), 0)
      << test::read_text(dir / "log");
  const auto frames = test::read_stats(dir / "out");
  double worst = 0.0;
  for (const auto& j : frames) {
    test::expect_no_vertex_in_liquid(j);
    const double change = j["fluid_volume_change"].get<double>();
    EXPECT_LT(std::abs(change), kVolumeDrift) << "frame " << j["frame"];
    worst = std::max(worst, std::abs(change));
  }
  const auto resolved = nlohmann::json::parse(test::read_text(dir / "out" / "scene.resolved.json"));
  const double end = resolved["time"]["end"].get<double>(), fps = resolved["time"]["fps"].get<double>();
  EXPECT_EQ(frames.size(), static_cast<size_t>(std::lround(end * fps)) + 1);  // frame 0 and every frame to the end
  RecordProperty("worst_volume_change_percent", std::to_string(100.0 * worst));
  std::filesystem::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(Shipped, LongValidationBarrierScenes, testing::ValuesIn(barrier_scenes()),
                         [](const testing::TestParamInfo<std::string>& p) { return p.param; });
