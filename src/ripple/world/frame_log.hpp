#pragma once
// What the substeps of one frame report, summed or maxed for its stats line: the figures
// every method shares (pressure solves, solid Newton solves, particles). A coupling method
// keeps its own figures in its Coupler and writes them itself (Coupler::write_frame_stats).
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <string>

#include "ripple/core/phase_timer.hpp"
#include "ripple/solid/solid_step.hpp"

namespace ripple {

struct FrameLog {
  int substeps = 0;
  int64_t pressure_iterations = 0;
  int pressure_iterations_max = 0;
  double pressure_residual_max = 0.0;
  int unconverged_solves = 0;
  int64_t separation_rounds = 0;
  int64_t released_cells_max = 0;
  int64_t particles_removed = 0;
  std::map<std::string, double> timings;
  // Lagrangian solids (and the solves a method runs on them).
  int64_t newton_iterations = 0;
  int newton_iterations_max = 0;
  int64_t line_search_steps = 0;
  int newton_unconverged = 0;
  double min_contact_gap = std::numeric_limits<double>::infinity();
  std::string linear_solver;
  std::map<std::string, double> solid_timings;
};

/// A sink for warnings (may be empty: then warnings are dropped).
using WarningSink = std::function<void(const std::string&)>;

/// What one substep writes to besides the world: the frame's log, its phase timings and the
/// warning sink, and the frame it belongs to (for messages).
struct StepContext {
  FrameLog& log;
  PhaseTimings& timings;
  const WarningSink& on_warning;
  int frame = 0;
  void warn(const std::string& message) const {
    if (on_warning) on_warning(message);
  }
};

/// Adds one pressure solve's figures to the frame's log (warns when it hit its cap).
void record_pressure(int iterations, double residual, bool converged, const StepContext& ctx);

/// Adds one solid step's Newton and contact figures to the frame's log; `what` names the solve
/// in the warning when it did not converge.
void record_solid_step(const SolidStepReport& report, const StepContext& ctx, const char* what);

}  // namespace ripple
