#include "ripple/sim/progress_text.hpp"

#include <cmath>
#include <cstdio>

namespace ripple {

std::string format_duration(double s) {
  char buf[32];
  if (!std::isfinite(s)) return "?";
  if (s < 60) std::snprintf(buf, sizeof buf, "%.1fs", s);
  else if (s < 3600) std::snprintf(buf, sizeof buf, "%dm%02ds", static_cast<int>(s) / 60, static_cast<int>(s) % 60);
  else std::snprintf(buf, sizeof buf, "%dh%02dm", static_cast<int>(s) / 3600, (static_cast<int>(s) / 60) % 60);
  return buf;
}

std::string format_progress(const ProgressInfo& i) {
  char buf[128];
  std::snprintf(buf, sizeof buf, "frame %d/%d  t=%.4fs  substeps %d", i.frame, i.total_frames, i.sim_time, i.substeps);
  std::string line = buf;
  if (i.liquid) {
    std::snprintf(buf, sizeof buf, "  volume %+.3f%%", 100.0 * i.volume_change);
    line += buf;
  }
  if (i.solids) {
    if (std::isfinite(i.min_contact_gap))
      std::snprintf(buf, sizeof buf, "  newton %d  min gap %.2e m", i.newton_iterations, i.min_contact_gap);
    else
      std::snprintf(buf, sizeof buf, "  newton %d  no contact", i.newton_iterations);
    line += buf;
  }
  return line + "  wall " + format_duration(i.wall_seconds) + "  ETA " + format_duration(i.eta_seconds);
}

}  // namespace ripple
