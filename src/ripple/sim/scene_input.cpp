#include "ripple/sim/scene_input.hpp"

#include "ripple/coupling/coupler_factory.hpp"
#include "ripple/sim/frame_output.hpp"

namespace ripple {

Scene load_scene_file(const std::string& path, const SceneOverrides& overrides) {
  Scene s = read_scene_file(path, coupling_schemas(), overrides);
  make_coupler(s);  // throws InputError when the method cannot couple the scene
  return s;
}

Scene build_scene(const nlohmann::json& input, const std::string& origin, const std::string& base_dir,
                  const SceneOverrides& overrides) {
  Scene s = read_scene_json(input, origin, base_dir, coupling_schemas(), overrides);
  make_coupler(s);
  return s;
}

std::string scene_format_markdown() { return schema_markdown(scene_schema(coupling_schemas())); }

std::string stats_format_markdown() {
  std::vector<StatsGroup> groups = frame_stats_groups();
  for (StatsGroup& g : coupling_stats_groups()) groups.push_back(std::move(g));
  return stats_markdown(groups);
}

}  // namespace ripple
