// Volume targets follow liquid components through merges, splits, appearances and losses.
#include <gtest/gtest.h>

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
  // A new component (no overlap) keeps its measured volume; a vanished one is reported lost.
  t = carry_volume_targets(row({0, 0, -1, -1, 1}), {2.0, 0.5}, row({0, 0, -1, 1, -1}), {2.2, 0.7});
  EXPECT_DOUBLE_EQ(t.target[0], 2.0);
  EXPECT_DOUBLE_EQ(t.target[1], 0.7);
  EXPECT_DOUBLE_EQ(t.lost, 0.5);
  // Total conserved through any mix of merges and splits.
  t = carry_volume_targets(row({0, 0, 1, 1, 2, 2}), {1.0, 2.0, 4.0}, row({0, 0, 0, 1, 1, 2}), {3.0, 2.0, 2.0});
  EXPECT_NEAR(t.target[0] + t.target[1] + t.target[2], 7.0, 1e-14);
}

}  // namespace
}  // namespace ripple
