#pragma once
// Helpers shared by tests: a small valid scene, temporary folders, running the binary.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "ripple/core/errors.hpp"
#include "ripple/sim/scene_input.hpp"

namespace ripple::test {

inline nlohmann::json small_scene() {
  return nlohmann::json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.4, 0.3, 0.1], "resolution": 16},
    "time": {"end": 0.1, "fps": 30},
    "fluid": {"regions": [{"type": "box", "min": [0, 0, 0], "max": [0.15, 0.2, 0.1]}]},
    "output": {"preview": {"enabled": false}}
  })");
}

inline std::filesystem::path temp_dir(const std::string& name) {
  const auto d = std::filesystem::temp_directory_path() / ("ripple_test_" + name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d;
}

inline std::string write_text(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path) << text;
  return path.string();
}

inline Scene scene_from(const nlohmann::json& j, const std::string& base = ".") { return build_scene(j, "test.json", base); }

/// A shipped scene's JSON (`path` from the source tree's root), its preview images off.
inline nlohmann::json shipped_scene(const std::string& path) {
  std::ifstream file(std::string(RIPPLE_SOURCE_DIR) + "/" + path);
  nlohmann::json j = nlohmann::json::parse(file);
  j["output"]["preview"] = {{"enabled", false}};
  return j;
}

/// The InputError message scene_from(j) throws, or "" when the scene is valid.
inline std::string input_error_of(const nlohmann::json& j, const std::string& base = ".") {
  try {
    scene_from(j, base);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

/// Runs the ripple binary with `args`; returns its exit status. Output goes to `log`.
inline int run_ripple(const std::string& args, const std::string& log) {
  const std::string cmd = std::string(RIPPLE_BINARY) + " " + args + " >" + log + " 2>&1";
  const int status = std::system(cmd.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

inline std::string read_text(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

/// Runs scene `j` whole into dir/a, then its first `first_frames` frames into dir/b and resumes
/// that from its checkpoint, one thread each; returns the two output folders (a run failing
/// fails the test).
inline std::pair<std::filesystem::path, std::filesystem::path> run_whole_and_resumed(const std::filesystem::path& dir,
                                                                                     const nlohmann::json& j,
                                                                                     int first_frames) {
  const std::string scene = write_text(dir / "s.json", j.dump());
  const std::filesystem::path a = dir / "a", b = dir / "b";
  EXPECT_EQ(run_ripple("run " + scene + " --quiet --threads 1 --out " + a.string(), (dir / "a.log").string()), 0)
      << read_text(dir / "a.log");
  EXPECT_EQ(run_ripple("run " + scene + " --quiet --threads 1 --frames " + std::to_string(first_frames) + " --out " +
                           b.string(),
                       (dir / "b.log").string()),
            0);
  EXPECT_EQ(run_ripple("run " + scene + " --quiet --threads 1 --resume " + b.string(), (dir / "c.log").string()), 0)
      << read_text(dir / "c.log");
  return {a, b};
}

/// Each of `files` is the same, byte for byte, in folders a and b (and not nearly empty).
inline void expect_same_files(const std::filesystem::path& a, const std::filesystem::path& b,
                              const std::vector<std::string>& files) {
  for (const std::string& file : files) {
    const std::string whole = read_text(a / file);
    EXPECT_GT(whole.size(), 100u) << file;
    EXPECT_EQ(whole, read_text(b / file)) << file;
  }
}

/// Where a validation test writes its time series (CSV) for plotting: the folder named by
/// RIPPLE_VALIDATION_OUT, or "" when unset (then nothing is written).
inline std::string validation_csv(const std::string& file) {
  const char* dir = std::getenv("RIPPLE_VALIDATION_OUT");
  if (!dir || !*dir) return "";
  std::filesystem::create_directories(dir);
  return (std::filesystem::path(dir) / file).string();
}

}  // namespace ripple::test
