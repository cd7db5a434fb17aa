// A checkpoint is read only when its header, length and CRC-32 hold: any flipped byte, in the
// header or the state, and any cut is refused before the world is touched.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>

#include "../test_support.hpp"
#include "ripple/core/errors.hpp"
#include "ripple/sim/checkpoint.hpp"
#include "ripple/sim/world_setup.hpp"

using namespace ripple;
namespace fs = std::filesystem;

namespace {

struct Checkpointed {
  Scene scene = test::scene_from(test::small_scene());
  World world{scene};
  std::unique_ptr<Coupler> coupler = initialise_world(world);
};

}  // namespace

TEST(CheckpointIntegrity, EveryFlippedByteAndEveryCutIsRefused) {
  const auto dir = test::temp_dir("ckpt_flip");
  Checkpointed a;
  a.world.frame = 3;
  a.world.time = 0.1;
  const std::string path = (dir / "checkpoints" / "frame_0003.ckpt").string();
  write_checkpoint(path, a.world, *a.coupler);
  const std::string good = test::read_text(path);
  {
    Checkpointed b;
    read_checkpoint(path, b.world, *b.coupler);  // the intact file reads back
    EXPECT_EQ(b.world.frame, 3);
    EXPECT_EQ(b.world.time, 0.1);
  }
  // Every header byte, then 200 random bytes of the state, each flipped in one bit.
  std::vector<size_t> positions;
  for (size_t i = 0; i < 32; ++i) positions.push_back(i);
  std::mt19937 rng(7);
  std::uniform_int_distribution<size_t> pick(32, good.size() - 1);
  for (int k = 0; k < 200; ++k) positions.push_back(pick(rng));
  const std::string bad_path = (dir / "bad.ckpt").string();
  for (size_t pos : positions) {
    std::string bad = good;
    bad[pos] = static_cast<char>(bad[pos] ^ (1 << (pos % 8)));
    test::write_text(bad_path, bad);
    Checkpointed b;
    EXPECT_THROW(read_checkpoint(bad_path, b.world, *b.coupler), InputError) << "byte " << pos;
    EXPECT_EQ(b.world.frame, 0) << "byte " << pos << ": state touched before the check";
  }
  for (size_t cut : {size_t(0), size_t(7), size_t(20), good.size() / 2, good.size() - 1}) {
    test::write_text(bad_path, good.substr(0, cut));
    Checkpointed b;
    EXPECT_THROW(read_checkpoint(bad_path, b.world, *b.coupler), InputError) << "cut at " << cut;
  }
}

TEST(CheckpointIntegrity, NewestGoodCheckpointAndPruning) {
  const auto dir = test::temp_dir("ckpt_keep");
  Checkpointed a;
  for (int f = 0; f <= 5; ++f) {
    a.world.frame = f;
    write_checkpoint((dir / "checkpoints" / ("frame_000" + std::to_string(f) + ".ckpt")).string(), a.world, *a.coupler);
  }
  write_checkpoint((dir / "checkpoints" / "frame_0005_interrupted.ckpt").string(), a.world, *a.coupler);
  const auto all = checkpoints_newest_first(dir.string());
  ASSERT_EQ(all.size(), 7u);
  EXPECT_EQ(fs::path(all[0]).filename(), "frame_0005_interrupted.ckpt");  // mid-frame 6: after frame 5
  EXPECT_EQ(fs::path(all[1]).filename(), "frame_0005.ckpt");
  // Frame 4 corrupt: the newest good one before the interrupted checkpoint... is frame 5; before
  // frame 5 it skips the corrupt frame 4 and names frame 3.
  const fs::path four = dir / "checkpoints" / "frame_0004.ckpt";
  std::string bytes = test::read_text(four);
  bytes[bytes.size() / 2] ^= 0x10;
  test::write_text(four, bytes);
  EXPECT_THROW(verify_checkpoint(four.string()), InputError);
  EXPECT_EQ(fs::path(*newest_good_checkpoint_before(dir.string(), all[1])).filename(), "frame_0003.ckpt");
  remove_checkpoints_after(dir.string(), (dir / "checkpoints" / "frame_0003.ckpt").string());
  EXPECT_EQ(checkpoints_newest_first(dir.string()).size(), 4u);  // 0..3
  prune_checkpoints(dir.string(), 3);
  const auto kept = checkpoints_newest_first(dir.string());
  ASSERT_EQ(kept.size(), 3u);
  EXPECT_EQ(fs::path(kept.back()).filename(), "frame_0001.ckpt");
  prune_checkpoints(dir.string(), 0);  // 0 keeps all
  EXPECT_EQ(checkpoints_newest_first(dir.string()).size(), 3u);
}
