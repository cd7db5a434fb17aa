#include "ripple/sim/compare_plan.hpp"

#include <algorithm>

#include "ripple/core/errors.hpp"
#include "ripple/coupling/coupler_factory.hpp"
#include "ripple/sim/scene_input.hpp"
#include "ripple/sim/world_setup.hpp"

namespace ripple {
namespace {

/// A method's usual wall time per substep against cutcell's, from the medians of the shared
/// scenes' reports (docs/compare.md): side by side, the costliest runs start first, so that no
/// core idles at the end while one long run finishes on the others.
double relative_cost(const std::string& method) {
  if (method == "membrane") return 8.0;
  if (method == "slip") return 2.5;
  if (method == "barrier") return 2.0;
  return 1.0;
}

CompareCandidate try_method(const std::string& scene_path, const SceneOverrides& overrides, const std::string& method,
                            int max_frames) {
  CompareCandidate c;
  c.method = method;
  c.relative_cost = relative_cost(method);
  c.overrides = overrides;
  c.overrides.emplace_back("/coupling/method", "\"" + method + "\"");
  try {
    const Scene s = load_scene_file(scene_path, c.overrides);
    {
      World world(s);  // what the run refuses at its start (a solid inside the liquid...)
      initialise_world(world);
    }
    c.runnable = true;
    c.resolved = s.resolved;
    c.notices = s.notices;
    c.last_frame = max_frames >= 0 ? std::min(max_frames, s.time.frame_count()) : s.time.frame_count();
    c.end_time = c.last_frame / s.time.fps;
    c.memory_bytes = estimate_memory_bytes(s);
  } catch (const InputError& e) {
    c.reason = e.what();
  }
  return c;
}

}  // namespace

std::vector<CompareCandidate> plan_compare(const std::string& scene_path, const SceneOverrides& overrides,
                                           const std::vector<std::string>& requested, int max_frames) {
  for (const auto& [key, value] : overrides)
    if (key == "/coupling/method")
      throw InputError("--set " + key, "compare chooses the method itself: name the methods with --methods");
  std::vector<std::string> known;
  for (const CouplingMethod& m : coupling_methods()) known.push_back(m.schema.name);

  std::vector<CompareCandidate> out;
  if (requested.empty()) {
    for (const std::string& m : known)
      if (m != "none") out.push_back(try_method(scene_path, overrides, m, max_frames));
    if (std::none_of(out.begin(), out.end(), [](const CompareCandidate& c) { return c.runnable; })) {
      std::string why;
      for (const CompareCandidate& c : out) why += "\n  " + c.method + ": " + c.reason;
      throw InputError(scene_path, "no coupling method can run this scene:" + why);
    }
    return out;
  }
  std::string names;
  for (const std::string& m : known) names += (names.empty() ? "" : ", ") + m;
  for (std::size_t i = 0; i < requested.size(); ++i) {
    const std::string& m = requested[i];
    if (std::find(known.begin(), known.end(), m) == known.end())
      throw InputError("--methods " + m, "no such coupling method; the methods are " + names);
    if (std::find(requested.begin(), requested.begin() + static_cast<std::ptrdiff_t>(i), m) !=
        requested.begin() + static_cast<std::ptrdiff_t>(i))
      throw InputError("--methods " + m, "named twice");
    CompareCandidate c = try_method(scene_path, overrides, m, max_frames);
    if (!c.runnable) throw InputError("--methods " + m, c.reason);
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace ripple
