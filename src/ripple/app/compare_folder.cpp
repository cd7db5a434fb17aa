#include "ripple/app/compare_folder.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sys/file.h>
#include <unistd.h>

#include "ripple/core/errors.hpp"

namespace ripple {
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr const char* kRecord = "compare.json";
constexpr const char* kLock = ".compare.lock";

/// The record's runs, checked value by value: InputError naming the key for the first wrong one.
std::map<std::string, CompareRunRecord> parse_runs(const json& runs, const std::string& where,
                                                   const std::string& remedy) {
  std::map<std::string, CompareRunRecord> out;
  if (!runs.is_object()) throw InputError(where + ": /runs", "expected an object" + remedy);
  for (const auto& [method, r] : runs.items()) {
    const std::string at = where + ": /runs/" + method;
    if (!r.is_object()) throw InputError(at, "expected an object" + remedy);
    CompareRunRecord rec;
    auto text = [&](const char* key, std::string& v) {
      if (!r.contains(key)) return;
      if (!r[key].is_string()) throw InputError(at + "/" + key, "expected a string" + remedy);
      v = r[key].get<std::string>();
    };
    auto number = [&](const char* key, double& v) {
      if (!r.contains(key)) return;
      if (!r[key].is_number()) throw InputError(at + "/" + key, "expected a number" + remedy);
      v = r[key].get<double>();
    };
    text("status", rec.status);
    text("error", rec.error);
    number("peak_memory_bytes", rec.peak_memory);
    number("process_seconds", rec.process_seconds);
    double threads = 0.0;
    number("threads", threads);
    rec.threads = static_cast<int>(threads);
    if (r.contains("scene")) rec.scene = r["scene"];
    out[method] = std::move(rec);
  }
  return out;
}

}  // namespace

json overrides_json(const SceneOverrides& o) {
  json a = json::array();
  for (const auto& [k, v] : o) a.push_back({k, v});
  return a;
}

CompareFolder::CompareFolder(fs::path dir, const std::string& scene, const SceneOverrides& overrides, bool overwrite)
    : dir_(std::move(dir)), scene_(scene), overrides_(overrides_json(overrides)) {
  const std::string where = "--out " + dir_.string();
  std::error_code ec;
  if (fs::exists(dir_, ec) && !fs::is_directory(dir_, ec)) throw InputError(where, "is a file, not a folder");
  const fs::path record = dir_ / kRecord;
  const bool ours = fs::exists(record, ec);
  if (!ours && fs::exists(dir_, ec) && !fs::is_empty(dir_, ec) && !overwrite)
    throw InputError(where, "the folder holds files that are not a comparison's; choose another folder, or "
                            "--overwrite to run the comparison into it (its method folders' frames and checkpoints "
                            "are replaced)");
  fs::create_directories(dir_, ec);
  if (ec) throw InputError(where, "cannot create the folder: " + ec.message());
  lock_fd_ = ::open((dir_ / kLock).c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (lock_fd_ < 0) throw InputError(where, std::string("cannot write in the folder: ") + std::strerror(errno));
  if (::flock(lock_fd_, LOCK_EX | LOCK_NB) != 0) {
    ::close(lock_fd_);
    lock_fd_ = -1;
    throw InputError(where, "another ripple compare is running in this folder");
  }
  if (!ours || overwrite) return;
  std::ifstream in(record);
  const json j = json::parse(in, nullptr, /*allow_exceptions=*/false);
  const std::string file = record.string();
  const std::string remedy = "; delete it or give --overwrite to start the comparison afresh";
  if (!j.is_object() || !j.contains("scene") || !j["scene"].is_string())
    throw InputError(file, "is not a comparison's record (no scene)" + remedy);
  if (j["scene"] != scene || j.value("overrides", json::array()) != overrides_)
    throw InputError(where, "the folder holds the comparison of " + j["scene"].get<std::string>() +
                                " (or other --set values); choose another folder, or --overwrite to start this one "
                                "afresh");
  runs_ = parse_runs(j.contains("runs") ? j["runs"] : json::object(), file, remedy);
  if (j.contains("schedule") && j["schedule"].is_string()) schedule = j["schedule"].get<std::string>();
  if (j.contains("wall_seconds") && j["wall_seconds"].is_number()) wall_seconds = j["wall_seconds"].get<double>();
}

CompareFolder::~CompareFolder() {
  if (lock_fd_ >= 0) ::close(lock_fd_);  // releases the lock
}

void CompareFolder::save() const {
  json runs = json::object();
  for (const auto& [method, r] : runs_)
    runs[method] = {{"status", r.status},          {"error", r.error},     {"peak_memory_bytes", r.peak_memory},
                    {"process_seconds", r.process_seconds}, {"threads", r.threads}, {"scene", r.scene}};
  const json j = {{"scene", scene_}, {"overrides", overrides_}, {"schedule", schedule},
                  {"wall_seconds", wall_seconds}, {"runs", runs}};
  const fs::path tmp = dir_ / (std::string(kRecord) + ".tmp");
  {
    std::ofstream out(tmp);
    out << j.dump(2) << "\n";
    if (!out) throw InputError(tmp.string(), "cannot be written");
  }
  std::error_code ec;
  fs::rename(tmp, dir_ / kRecord, ec);
  if (ec) throw InputError((dir_ / kRecord).string(), "cannot be written: " + ec.message());
}

}  // namespace ripple
