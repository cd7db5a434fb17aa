#pragma once
// Helpers shared by tests: a small valid scene, temporary folders, running the binary.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

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

/// Where a validation test writes its time series (CSV) for plotting: the folder named by
/// RIPPLE_VALIDATION_OUT, or "" when unset (then nothing is written).
inline std::string validation_csv(const std::string& file) {
  const char* dir = std::getenv("RIPPLE_VALIDATION_OUT");
  if (!dir || !*dir) return "";
  std::filesystem::create_directories(dir);
  return (std::filesystem::path(dir) / file).string();
}

}  // namespace ripple::test
