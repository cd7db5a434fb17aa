#include "ripple/sim/scene_input.hpp"

#include <cstdio>

#include "ripple/core/errors.hpp"
#include "ripple/coupling/coupler_factory.hpp"
#include "ripple/fluid/body_forces.hpp"
#include "ripple/sim/frame_output.hpp"

namespace ripple {
namespace {

std::string seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g s", s);
  return buf;
}

/// The capillary step limit depends on the scene alone: below
/// time.min_dt, the run could not take its first substep.
void check_step_limits(const Scene& s) {
  if (s.fluid.regions.empty() && s.fluid.emitters.empty()) return;
  auto refuse_below_min_dt = [&](double limit, const std::string& key, const std::string& what,
                                 const std::string& remedy) {
    if (limit < s.time.min_dt)
      throw InputError(s.source_path + ": " + key, what + " " + seconds(limit) + ", under time.min_dt (" +
                                                       seconds(s.time.min_dt) + "): " + remedy +
                                                       ", use a coarser grid, or lower time.min_dt");
  };
  refuse_below_min_dt(capillary_dt_limit(s.grid.dx, s.fluid.surface_tension, s.fluid.density),
                      "/fluid/surface_tension", "surface tension needs substeps below the capillary limit",
                      "lower the surface tension");
}

}  // namespace

Scene load_scene_file(const std::string& path, const SceneOverrides& overrides) {
  Scene s = read_scene_file(path, coupling_schemas(), overrides);
  fit_liquid_to_method(s);
  check_memory_fits(s);
  make_coupler(s);  // throws InputError when the method cannot couple the scene
  check_step_limits(s);
  return s;
}

Scene build_scene(const nlohmann::json& input, const std::string& origin, const std::string& base_dir,
                  const SceneOverrides& overrides) {
  Scene s = read_scene_json(input, origin, base_dir, coupling_schemas(), overrides);
  fit_liquid_to_method(s);
  check_memory_fits(s);
  make_coupler(s);
  check_step_limits(s);
  return s;
}

std::string scene_format_markdown() { return schema_markdown(scene_schema(coupling_schemas())); }

std::string stats_format_markdown() {
  std::vector<StatsGroup> groups = frame_stats_groups();
  for (StatsGroup& g : coupling_stats_groups()) groups.push_back(std::move(g));
  return stats_markdown(groups);
}

}  // namespace ripple
