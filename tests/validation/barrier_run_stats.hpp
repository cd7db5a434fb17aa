#pragma once
// Reading a barrier run's stats.jsonl in the tests that run scenes through `ripple run`
// (bouncing drop, fast impact, every shipped scene).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace ripple::test {

/// Every line of `out`/stats.jsonl, frame 0 first.
inline std::vector<nlohmann::json> read_stats(const std::filesystem::path& out) {
  std::ifstream in(out / "stats.jsonl");
  std::vector<nlohmann::json> frames;
  for (std::string line; std::getline(in, line);) frames.push_back(nlohmann::json::parse(line));
  return frames;
}

/// Issue 4's invariant on one frame: no solid vertex inside the liquid, by the scene's
/// interpolation and by plain trilinear phi (both counted apart from the barrier).
inline void expect_no_vertex_in_liquid(const nlohmann::json& frame) {
  EXPECT_EQ(frame["penetrating_vertices"].get<int>(), 0) << "frame " << frame["frame"];
  EXPECT_EQ(frame["penetrating_vertices_trilinear"].get<int>(), 0) << "frame " << frame["frame"];
}

}  // namespace ripple::test
