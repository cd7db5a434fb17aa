#include "ripple/sim/compare_summary.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>

namespace ripple {

using nlohmann::json;

const std::vector<SummaryColumn>& compare_summary_columns() {
  static const std::vector<SummaryColumn> columns = {
      {"fluid_volume_change", "largest liquid volume change", "", Reduction::MaxAbs},
      {"total_energy", "largest total energy rise above the start", "J", Reduction::RiseAboveStart},
      {"penetrating_vertices", "most solid vertices inside the liquid", "", Reduction::Max},
      {"min_solid_fluid_distance", "smallest solid-liquid gap", "m", Reduction::Min},
      {"intersecting_pairs", "most intersecting solid pairs", "", Reduction::Max},
      {"inverted_elements", "most inverted tetrahedra", "", Reduction::Max},
      {"min_contact_distance", "smallest gap between solids", "m", Reduction::Min},
      {"max_fluid_speed", "highest liquid speed", "m/s", Reduction::Max},
      {"pressure_unconverged", "pressure solves at their cap", "", Reduction::Sum},
      {"newton_unconverged", "solid Newton solves at their cap", "", Reduction::Sum},
      {"coupling_newton_unconverged", "coupled Newton solves at their cap", "", Reduction::Sum},
  };
  return columns;
}

std::vector<json> read_stats_frames(const std::string& dir) {
  std::map<int, json> by_frame;
  std::ifstream in(std::filesystem::path(dir) / "stats.jsonl");
  std::string line;
  while (std::getline(in, line)) {
    json j = json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (!j.is_object() || !j.contains("frame") || !j["frame"].is_number_integer()) break;
    const int frame = j["frame"].get<int>();
    by_frame[frame] = std::move(j);
  }
  std::vector<json> out;
  for (auto& [frame, j] : by_frame) out.push_back(std::move(j));
  return out;
}

int last_stats_frame(const std::string& dir) {
  const std::vector<json> frames = read_stats_frames(dir);
  return frames.empty() ? -1 : frames.back()["frame"].get<int>();
}

namespace {

double number_or(const json& j, const char* key, double otherwise) {
  return j.is_object() && j.contains(key) && j[key].is_number() ? j[key].get<double>() : otherwise;
}

/// The column's value over the frames; null where no frame holds a number for it.
json reduce(const std::vector<json>& frames, const SummaryColumn& c) {
  bool any = false;
  double v = 0.0, start = 0.0;
  for (const json& f : frames) {
    if (!f.contains(c.key) || !f[c.key].is_number()) continue;
    const double x = f[c.key].get<double>();
    if (!any) {
      start = x;
      v = c.reduction == Reduction::MaxAbs ? std::abs(x) : c.reduction == Reduction::RiseAboveStart ? 0.0 : x;
      any = true;
      continue;
    }
    switch (c.reduction) {
      case Reduction::MaxAbs: v = std::max(v, std::abs(x)); break;
      case Reduction::Max: v = std::max(v, x); break;
      case Reduction::Min: v = std::min(v, x); break;
      case Reduction::Sum: v += x; break;
      case Reduction::RiseAboveStart: v = std::max(v, x - start); break;
    }
  }
  return any ? json(v) : json(nullptr);
}

double sum_of(const std::vector<json>& frames, const std::string& key) {
  double s = 0.0;
  for (const json& f : frames)
    if (f.contains(key) && f[key].is_number()) s += f[key].get<double>();
  return s;
}

}  // namespace

json summarise_run(const std::vector<json>& frames) {
  json out = json::object();
  out["frames"] = frames.empty() ? -1 : frames.back()["frame"].get<int>();
  out["simulated_seconds"] = frames.empty() ? 0.0 : number_or(frames.back(), "time", 0.0);
  const double wall = sum_of(frames, "wall_seconds");
  out["wall_seconds"] = wall;
  const double sim = out["simulated_seconds"].get<double>();
  out["seconds_per_simulated_second"] = sim > 0.0 ? json(wall / sim) : json(nullptr);
  out["substeps"] = sum_of(frames, "substeps");
  json worst = json::object();
  for (const SummaryColumn& c : compare_summary_columns()) worst[c.key] = reduce(frames, c);
  out["worst"] = worst;
  json iterations = json::object();
  for (const char* key : {"pressure_iterations", "newton_iterations", "coupling_newton_iterations"}) {
    const bool present = std::any_of(frames.begin(), frames.end(), [&](const json& f) { return f.contains(key); });
    iterations[key] = present ? json(sum_of(frames, key)) : json(nullptr);
  }
  out["iterations"] = iterations;
  std::map<std::string, double> phases;
  for (const json& f : frames)
    if (f.contains("timings") && f["timings"].is_object())
      for (const auto& [phase, seconds] : f["timings"].items())
        if (seconds.is_number()) phases[phase] += seconds.get<double>();
  out["timings"] = phases;
  json bodies = json::array();
  if (!frames.empty() && frames.back().contains("bodies") && frames.back()["bodies"].is_array())
    for (const json& b : frames.back()["bodies"]) {
      if (!b.is_object()) continue;
      bodies.push_back({{"name", b.contains("name") ? b["name"] : json("")},
                        {"center_of_mass", b.contains("center_of_mass") ? b["center_of_mass"] : json::array()},
                        {"velocity", b.contains("velocity") ? b["velocity"] : json::array()}});
    }
  out["bodies"] = bodies;
  return out;
}

}  // namespace ripple
