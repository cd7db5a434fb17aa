// `ripple compare` on scenes/compare/floating_box.json under two methods: a box of half the
// water's density settles with half its height immersed (Archimedes) under both, within each
// method's documented tolerance (docs/validation.md: cut-cell 5 %, monolith 10 %). The depth
// comes from the compare's own outputs: the box's centre of mass and the liquid's volume in each
// frame's stats, in a tank of known cross-section, averaged over 1-2 s (the box still bobs). The
// volume is that of the particles' own surface (fluid.surface_volume "free"), where the
// pressure solve puts the free surface; the exported surface held to the particles' volume
// lies about 0.3 dx lower (docs/validation.md, particle liquids' surface volume).
#include <gtest/gtest.h>

#include "../test_support.hpp"
#include "ripple/sim/compare_summary.hpp"

using namespace ripple;

TEST(ValidationCompareFloating, CutCellAndMonolithBothFloatTheBoxAtArchimedesDepth) {
  const auto dir = test::temp_dir("compare_floating");
  const std::filesystem::path out = dir / "out";
  const std::string scene = std::string(RIPPLE_SOURCE_DIR) + "/scenes/compare/floating_box.json";
  ASSERT_EQ(test::run_ripple("compare " + scene + " --methods cutcell,monolith --set /output/preview/enabled=false "
                                                  "--set '/fluid/surface_volume=\"free\"' --out " + out.string(),
                             (dir / "log").string()),
            0)
      << test::read_text(dir / "log");
  constexpr double kTank = 0.3 * 0.3, kBox = 0.1 * 0.1, kHeight = 0.08;  // m^2, m^2, m
  constexpr double kExpected = 0.5 * kHeight;  // density ratio 500 / 1000
  for (const auto& [method, tolerance] : {std::pair{"cutcell", 0.05}, std::pair{"monolith", 0.10}}) {
    double sum = 0.0;
    int samples = 0;
    for (const nlohmann::json& f : read_stats_frames((out / method).string())) {
      if (f["time"].get<double>() < 1.0 - 1e-9) continue;
      // The surface s = (V + kBox d) / kTank over a box immersed d = s - (y - kHeight / 2).
      const double v = f["fluid_volume"].get<double>(), y = f["bodies"][0]["center_of_mass"][1].get<double>();
      sum += (v / kTank - y + 0.5 * kHeight) / (1.0 - kBox / kTank);
      ++samples;
    }
    ASSERT_EQ(samples, 21) << method;
    const double depth = sum / samples;
    std::printf("%s: immersed depth %.2f mm, Archimedes %.2f mm (%+.1f %%)\n", method, 1e3 * depth, 1e3 * kExpected,
                100.0 * (depth / kExpected - 1.0));
    EXPECT_NEAR(depth, kExpected, tolerance * kExpected) << method;
  }
}
