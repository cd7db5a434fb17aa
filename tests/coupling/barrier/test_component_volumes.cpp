// Volume targets follow liquid components through merges, splits, appearances and losses.
#include <gtest/gtest.h>

#include <algorithm>

#include "ripple/coupling/barrier/component_volumes.hpp"

namespace ripple {
namespace {

/// A 1 x 1 x 8 row of cells labelled as given.
Array3<int> row(std::initializer_list<int> labels) {
  Array3<int> a(1, 1, static_cast<int>(labels.size()), -1);
  int k = 0;
  for (int l : labels) a(0, 0, k++) = l;
  return a;
}

TEST(ComponentVolumes, UnchangedMergedSplitNewAndLost) {
  // Unchanged: targets carried as they are (not the measured volumes).
  auto t = carry_volume_targets(row({0, 0, -1, 1, 1}), {2.0, 3.0}, row({0, 0, -1, 1, 1}), {2.1, 2.9});
  EXPECT_DOUBLE_EQ(t.target[0], 2.0);
  EXPECT_DOUBLE_EQ(t.target[1], 3.0);
  EXPECT_EQ(t.lost, 0.0);
  // Merge: the two drops now one component: the sum.
  t = carry_volume_targets(row({0, 0, -1, 1, 1}), {2.0, 3.0}, row({0, 0, 0, 0, 0}), {5.3});
  EXPECT_DOUBLE_EQ(t.target[0], 5.0);
  // Split 1 : 3 by measured volume.
  t = carry_volume_targets(row({0, 0, 0, 0, 0}), {4.0}, row({0, -1, 1, 1, 1}), {1.1, 3.3});
  EXPECT_NEAR(t.target[0], 1.0, 1e-15);
  EXPECT_NEAR(t.target[1], 3.0, 1e-15);
  // A new component (no overlap with any old one, nor nearest to a vanished one) keeps its
  // measured volume.
  t = carry_volume_targets(row({0, 0, -1, -1, -1, -1}), {2.0}, row({0, 0, -1, -1, -1, 1}), {2.2, 0.7});
  EXPECT_DOUBLE_EQ(t.target[0], 2.0);
  EXPECT_DOUBLE_EQ(t.target[1], 0.7);
  EXPECT_EQ(t.returned, 0.0);
  // Total conserved through any mix of merges and splits.
  t = carry_volume_targets(row({0, 0, 1, 1, 2, 2}), {1.0, 2.0, 4.0}, row({0, 0, 0, 1, 1, 2}), {3.0, 2.0, 2.0});
  EXPECT_NEAR(t.target[0] + t.target[1] + t.target[2], 7.0, 1e-14);
}

TEST(ComponentVolumes, AVanishedComponentHandsItsTargetToTheNearestLiquid) {
  // A film (old 1, cell 5) split from the drop (old 0) and vanished: its target goes back to the
  // drop two cells away, not to the farther new fragment (cell 9), and none is lost.
  auto t = carry_volume_targets(row({0, 0, 0, -1, -1, 1, -1, -1, -1, -1}), {3.0, 0.25},
                                row({0, 0, 0, -1, -1, -1, -1, -1, -1, 1}), {2.9, 0.1});
  EXPECT_DOUBLE_EQ(t.target[0], 3.25);
  EXPECT_DOUBLE_EQ(t.target[1], 0.1);  // the fragment enters with its measured volume
  EXPECT_DOUBLE_EQ(t.returned, 0.25);
  EXPECT_EQ(t.lost, 0.0);
  // A fragment that moved past its own width between steps overlaps nothing old: the vanished
  // old fragment's target is its own (not its measured volume), and the total is conserved.
  t = carry_volume_targets(row({0, 0, -1, -1, 1, -1, -1}), {2.0, 0.5}, row({0, 0, -1, -1, -1, 1, -1}), {2.2, 0.7});
  EXPECT_DOUBLE_EQ(t.target[0], 2.0);
  EXPECT_DOUBLE_EQ(t.target[1], 0.5);
  EXPECT_DOUBLE_EQ(t.returned, 0.5);
  // With no liquid left, the targets are lost.
  t = carry_volume_targets(row({0, 0, -1, 1}), {2.0, 0.5}, row({-1, -1, -1, -1}), {});
  EXPECT_TRUE(t.target.empty());
  EXPECT_DOUBLE_EQ(t.lost, 2.5);
  EXPECT_EQ(t.returned, 0.0);
}

TEST(ComponentVolumes, NearestLabelCountsSixConnectedSteps) {
  Array3<int> label(4, 3, 2, -1);
  label(0, 0, 0) = 7;
  label(3, 2, 1) = 4;
  const NearestLabel n = nearest_label(label);
  EXPECT_EQ(n.label(1, 0, 0), 7);
  EXPECT_EQ(n.steps(1, 0, 0), 1);
  EXPECT_EQ(n.label(2, 2, 1), 4);
  EXPECT_EQ(n.steps(2, 2, 1), 1);
  EXPECT_EQ(n.steps(3, 0, 0), 3);  // 3 steps to either: ties go to the first reached
  for (int k = 0; k < 2; ++k)
    for (int j = 0; j < 3; ++j)
      for (int i = 0; i < 4; ++i) {
        const int d7 = i + j + k, d4 = (3 - i) + (2 - j) + (1 - k);
        EXPECT_EQ(n.steps(i, j, k), std::min(d7, d4)) << i << j << k;
        if (d7 != d4) {
          EXPECT_EQ(n.label(i, j, k), d7 < d4 ? 7 : 4) << i << j << k;
        }
      }
  EXPECT_EQ(nearest_label(Array3<int>(2, 2, 2, -1)).label(1, 1, 1), -1);
}

TEST(ComponentVolumes, TheOptimisationAsksTheSharpDeficitAtMostTheSmoothedOne) {
  // Volumes in m^3 (any unit: the rule is linear). Smoothed target 1.0 but in the last case.
  // A squashed drop: the surface holds its volume, the smoothed volume fell 10 %: nothing more.
  EXPECT_DOUBLE_EQ(optimisation_volume_target(1.0, 0.9, 0.8, 0.8), 0.9);
  // Advection lost 2 % inside the surface and 5 % smoothed: the 2 % (0.016 of 0.8).
  EXPECT_DOUBLE_EQ(optimisation_volume_target(1.0, 0.95, 0.8, 0.784), 0.95 + 0.016);
  // Less smoothed than sharp deficit: the smoothed one bounds it.
  EXPECT_DOUBLE_EQ(optimisation_volume_target(1.0, 0.99, 0.8, 0.7), 1.0);
  // Smoothed above its target and the surface over its own: never below the prediction.
  EXPECT_DOUBLE_EQ(optimisation_volume_target(1.0, 1.1, 0.8, 0.85), 1.1);
  // A film: smoothed 0.5 for 0.06 inside the surface of a 0.23 target; the sharp deficit.
  EXPECT_DOUBLE_EQ(optimisation_volume_target(0.4, 0.5, 0.23, 0.06), 0.5 + 0.17);
}

}  // namespace
}  // namespace ripple
