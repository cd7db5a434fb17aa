#include "ripple/world/stats_fields.hpp"

#include <sstream>

namespace ripple {

std::string stats_markdown(const std::vector<StatsGroup>& groups) {
  std::ostringstream os;
  os << "# stats.jsonl reference\n\n"
     << "Generated from the code (`ripple stats-format > docs/stats.md`); a test keeps this file in step with\n"
     << "what runs write. A run writes one JSON object per line to `stats.jsonl` in its output folder: frame 0\n"
     << "(the initial state) first, then one line per frame. Figures of a frame sum (or take the largest of)\n"
     << "its substeps, as each row says. `a[].b` is key `b` of every entry of array `a`; `a.b` is key `b` of\n"
     << "object `a`. A distance that does not exist (no pair near) is `null`.\n";
  for (const StatsGroup& g : groups) {
    os << "\n## " << g.when << "\n\n| key | unit | meaning |\n|---|---|---|\n";
    for (const StatsField& f : g.fields) os << "| `" << f.key << "` | " << f.unit << " | " << f.meaning << " |\n";
  }
  return os.str();
}

}  // namespace ripple
