#pragma once
// The fields of a stats.jsonl line, described where they are written, so that the reference
// page (docs/stats.md, `ripple stats-format`) is generated from the code and a test can hold
// every line a run writes against it.
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace ripple {

struct StatsField {
  std::string key;      ///< its path in a line: "fluid_volume", "bodies[].mass", "cutcell.alpha"
  std::string unit;     ///< SI unit; "" for counts, ratios, names and flags
  std::string meaning;  ///< one sentence
};

/// A group of fields written under one condition ("with Lagrangian solids").
struct StatsGroup {
  std::string when;
  std::vector<StatsField> fields;
};

/// A distance (m) for a stats line: the number, or null where none exists (infinite: no pair near).
inline nlohmann::json finite_or_null(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }

/// Markdown reference of the groups: one table each, one row per field.
std::string stats_markdown(const std::vector<StatsGroup>& groups);

}  // namespace ripple
