#pragma once
// The folder of a `ripple compare`: one comparison at a time (a lock), and its record
// (compare.json): which scene and --set values its runs belong to, and per method what its
// processes measured and how they ended.
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "ripple/scene/scene_loader.hpp"

namespace ripple {

/// `--set` values as JSON: [[pointer, value], ...].
nlohmann::json overrides_json(const SceneOverrides& overrides);

/// What the comparison knows of one method's run.
struct CompareRunRecord {
  std::string status;          ///< "done", "failed", "stopped"; empty: never ended
  std::string error;           ///< why it failed
  double peak_memory = 0.0;    ///< bytes, the largest of its processes' resident sets
  double process_seconds = 0.0;  ///< s, its processes' wall time, summed over resumes
  int threads = 0;
  nlohmann::json scene;        ///< the resolved scene it runs (a changed scene restarts it)
};

class CompareFolder {
 public:
  /// Opens `dir` for the comparison of `scene` (an absolute path) with `overrides`: creates it,
  /// locks it, reads its record. Throws InputError naming the folder or compare.json when `dir`
  /// is a file, cannot be made, is locked by another comparison, holds files that are not a
  /// comparison's, another scene's comparison, or a record that is not one; `overwrite` takes
  /// the folder anyway and starts the record afresh.
  CompareFolder(std::filesystem::path dir, const std::string& scene, const SceneOverrides& overrides, bool overwrite);
  ~CompareFolder();
  CompareFolder(const CompareFolder&) = delete;
  CompareFolder& operator=(const CompareFolder&) = delete;

  const std::filesystem::path& dir() const { return dir_; }
  CompareRunRecord& run(const std::string& method) { return runs_[method]; }
  /// The record of `method`; empty if it never ran here.
  CompareRunRecord find(const std::string& method) const {
    const auto it = runs_.find(method);
    return it == runs_.end() ? CompareRunRecord{} : it->second;
  }
  std::string schedule;       ///< how the last runs went (side by side, ...)
  double wall_seconds = 0.0;  ///< s, the runs' wall time over every invocation
  /// Writes compare.json (atomically). Throws InputError if it cannot.
  void save() const;

 private:
  std::filesystem::path dir_;
  std::string scene_;
  nlohmann::json overrides_;
  std::map<std::string, CompareRunRecord> runs_;
  int lock_fd_ = -1;
};

}  // namespace ripple
