#pragma once
// The numbers `ripple compare` reports for one method's run, read back from its stats.jsonl:
// the worst value of each invariant, the totals of iterations and time, the bodies' last state.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace ripple {

/// How a stats key is reduced over a run's frames for the summary table.
enum class Reduction { MaxAbs, Max, Min, Sum, RiseAboveStart };

struct SummaryColumn {
  std::string key;    ///< stats.jsonl key
  std::string label;  ///< column heading
  std::string unit;   ///< "m", "J", "" ...
  Reduction reduction;
};

/// The summary table's invariant columns, in order. A run whose stats lack a key has no value
/// for it (the method does not measure it).
const std::vector<SummaryColumn>& compare_summary_columns();

/// The frames of `dir`/stats.jsonl, one per frame number (a resumed run's repeated frames: the
/// last kept), in frame order. An unreadable line ends the list (a run killed mid-write).
std::vector<nlohmann::json> read_stats_frames(const std::string& dir);

/// The last frame number in `dir`/stats.jsonl; -1 if there is none.
int last_stats_frame(const std::string& dir);

/// One run's summary: frames, simulated and wall seconds, substeps, "worst" (per column key),
/// iteration totals, time by phase, and the bodies' last centres of mass and velocities.
nlohmann::json summarise_run(const std::vector<nlohmann::json>& frames);

}  // namespace ripple
