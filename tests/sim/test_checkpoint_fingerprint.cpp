// Which scene changes a checkpoint refuses: physics, not outputs or debug printing.
#include <gtest/gtest.h>

#include "ripple/sim/checkpoint.hpp"
#include "ripple/scene/scene.hpp"

namespace ripple {
namespace {

TEST(CheckpointFingerprint, IgnoresOutputsAndTraceButNotPhysics) {
  Scene a;
  a.resolved = {{"coupling", {{"method", "barrier"}, {"barrier", {{"dhat_cells", 0.5}, {"trace", false}}}}},
                {"output", {{"checkpoint_every", 10}}}};
  Scene b = a;
  b.resolved["coupling"]["barrier"]["trace"] = true;
  b.resolved["output"]["checkpoint_every"] = 1;
  EXPECT_EQ(scene_fingerprint(a), scene_fingerprint(b));  // a stuck run resumes with its trace on
  b.resolved["coupling"]["barrier"]["dhat_cells"] = 0.25;
  EXPECT_NE(scene_fingerprint(a), scene_fingerprint(b));
}

}  // namespace
}  // namespace ripple
