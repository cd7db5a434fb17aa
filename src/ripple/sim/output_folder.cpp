#include "ripple/sim/output_folder.hpp"

#include <algorithm>
#include <filesystem>
#include <regex>
#include <system_error>

#include "ripple/core/errors.hpp"

namespace ripple {
namespace fs = std::filesystem;

namespace {

/// A per-frame output: prefix, underscore, at least four digits, one of the formats ripple
/// writes (frame_file in frame_output.cpp).
bool is_frame_output(const std::string& name) {
  static const std::regex pattern(R"([A-Za-z0-9_.-]+_[0-9]{4,}\.(ply|obj|png))");
  return std::regex_match(name, pattern);
}

}  // namespace

std::vector<std::string> run_outputs_in(const std::string& dir) {
  std::vector<std::string> found;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return found;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    if (name == "scene.resolved.json" || name == "stats.jsonl" || (name == "checkpoints" && e.is_directory()) ||
        (e.is_regular_file() && is_frame_output(name)))
      found.push_back(name);
  }
  std::sort(found.begin(), found.end());
  return found;
}

void prepare_output_folder(const std::string& dir, bool overwrite) {
  if (fs::exists(dir) && !fs::is_directory(dir))
    throw InputError(dir, "the output directory is a file: give a directory (--out)");
  const std::vector<std::string> old = run_outputs_in(dir);
  if (!old.empty() && !overwrite) {
    std::string names;
    for (size_t i = 0; i < old.size() && i < 3; ++i) names += (i ? ", " : "") + old[i];
    if (old.size() > 3) names += ", ... (" + std::to_string(old.size()) + " in all)";
    throw InputError(dir, "the output directory holds another run's outputs (" + names +
                              "): give --overwrite to delete them, --resume to continue that run, or another --out");
  }
  try {
    for (const std::string& name : old) fs::remove_all(fs::path(dir) / name);
  } catch (const fs::filesystem_error& e) {
    throw InputError(dir, std::string("cannot delete the earlier run's outputs: ") + e.code().message());
  }
  try {
    fs::create_directories(dir);
  } catch (const fs::filesystem_error& e) {  // a file on the way, no permission: the user's path
    throw InputError(dir, std::string("cannot create the output directory: ") + e.code().message());
  }
}

}  // namespace ripple
