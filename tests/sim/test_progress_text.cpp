// The progress line names what the scene simulates: no liquid volume for solids-only scenes,
// no Newton figures for liquid-only ones.
#include <gtest/gtest.h>

#include <limits>

#include "ripple/sim/progress_text.hpp"

namespace ripple {
namespace {

ProgressInfo info() {
  ProgressInfo i;
  i.frame = 3;
  i.total_frames = 60;
  i.sim_time = 0.05;
  i.substeps = 4;
  i.wall_seconds = 75.0;
  i.eta_seconds = 4000.0;
  i.volume_change = -0.00125;
  i.newton_iterations = 42;
  i.min_contact_gap = 3.5e-5;
  return i;
}

TEST(ProgressText, LiquidOnly) {
  ProgressInfo i = info();
  i.liquid = true;
  EXPECT_EQ(format_progress(i), "frame 3/60  t=0.0500s  substeps 4  volume -0.125%  wall 1m15s  ETA 1h06m");
}

TEST(ProgressText, SolidsOnly) {
  ProgressInfo i = info();
  i.solids = true;
  EXPECT_EQ(format_progress(i), "frame 3/60  t=0.0500s  substeps 4  newton 42  min gap 3.50e-05 m  wall 1m15s  ETA 1h06m");
  i.min_contact_gap = std::numeric_limits<double>::infinity();
  EXPECT_NE(format_progress(i).find("newton 42  no contact"), std::string::npos);
}

TEST(ProgressText, Both) {
  ProgressInfo i = info();
  i.liquid = i.solids = true;
  const std::string s = format_progress(i);
  EXPECT_NE(s.find("volume -0.125%  newton 42"), std::string::npos) << s;
  EXPECT_EQ(format_duration(std::numeric_limits<double>::quiet_NaN()), "?");
}

}  // namespace
}  // namespace ripple
