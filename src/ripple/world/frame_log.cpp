#include "ripple/world/frame_log.hpp"

#include <algorithm>
#include <sstream>

namespace ripple {

void record_pressure(int iterations, double residual, bool converged, const StepContext& ctx) {
  FrameLog& log = ctx.log;
  log.pressure_iterations += iterations;
  log.pressure_iterations_max = std::max(log.pressure_iterations_max, iterations);
  log.pressure_residual_max = std::max(log.pressure_residual_max, residual);
  if (converged) return;
  ++log.unconverged_solves;
  std::ostringstream os;
  os << "frame " << ctx.frame << ": pressure solve stopped at the iteration cap (" << iterations
     << " iterations, relative residual " << residual << ")";
  ctx.warn(os.str());
}

void record_solid_step(const SolidStepReport& r, const StepContext& ctx, const char* what) {
  FrameLog& log = ctx.log;
  const NewtonResult& n = r.newton;
  log.newton_iterations += n.iterations;
  log.newton_iterations_max = std::max(log.newton_iterations_max, n.iterations);
  log.line_search_steps += n.line_search_steps;
  log.min_contact_gap = std::min(log.min_contact_gap, r.min_gap);
  log.linear_solver = n.linear_solver;
  log.solid_timings["solid_broad_phase"] += r.time_broad_phase;
  log.solid_timings["solid_ccd"] += r.time_ccd;
  log.solid_timings["solid_assembly"] += n.time_assembly;
  log.solid_timings["solid_linear_solve"] += n.time_solve;
  log.solid_timings["solid_line_search"] += n.time_line_search;
  log.solid_timings["solid_step_filter"] += n.time_ccd;  // every form's largest safe step (CCD)
  if (n.converged) return;
  ++log.newton_unconverged;
  std::ostringstream os;
  os << "frame " << ctx.frame << ": " << what << " Newton solve stopped after " << n.iterations
     << " iterations without converging (last step " << n.final_step << " m/s, unbalanced force per mass "
     << n.final_residual << " m/s^2)";
  ctx.warn(os.str());
}

}  // namespace ripple
