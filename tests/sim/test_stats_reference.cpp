// docs/stats.md is generated from the fields the code declares (sim/frame_output.cpp and each
// coupling method); a run of each method writes only the loop's and its own fields, and
// every documented field is written by some run.
#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include "../test_support.hpp"
#include "ripple/coupling/coupler_factory.hpp"
#include "ripple/sim/frame_output.hpp"
#include "ripple/sim/simulation.hpp"

using namespace ripple;
using nlohmann::json;

namespace {

/// The documented keys a run of `method` may write: the loop's and that method's own.
std::set<std::string> documented_keys(const std::string& method) {
  std::set<std::string> keys;
  for (const StatsGroup& g : frame_stats_groups())
    for (const StatsField& f : g.fields) keys.insert(f.key);
  for (const CouplingMethod& m : coupling_methods())
    if (method.empty() || m.schema.name == method)
      for (const StatsField& f : m.stats) keys.insert(f.key);
  return keys;
}

/// The paths of a stats line as the reference names them: a documented key is a leaf (so
/// `timings` and `fluid_bbox` stay whole), objects open as `a.b`, arrays of objects as `a[].b`.
void flatten(const json& j, const std::string& prefix, const std::set<std::string>& documented,
             std::set<std::string>& out) {
  for (const auto& [k, v] : j.items()) {
    const std::string key = prefix + k;
    if (v.is_array() && v.empty() && !documented.count(key)) continue;  // entries yet to come (body_forces at frame 0)
    if (documented.count(key) || !(v.is_object() || (v.is_array() && !v.empty() && v[0].is_object()))) {
      out.insert(key);
    } else if (v.is_object()) {
      flatten(v, key + ".", documented, out);
    } else {
      for (const json& e : v) flatten(e, key + "[].", documented, out);
    }
  }
}

/// Every key of every line a 2-frame run of `scene` writes.
std::set<std::string> written_keys(const json& scene, const std::string& name, const std::set<std::string>& documented) {
  const Scene s = test::scene_from(scene);
  RunOptions opt;
  opt.output_dir = (test::temp_dir("stats_" + name) / "out").string();
  run_simulation(s, opt);
  std::ifstream in(opt.output_dir + "/stats.jsonl");
  std::set<std::string> keys;
  for (std::string line; std::getline(in, line);) flatten(json::parse(line), "", documented, keys);
  return keys;
}

json with_method(json j, const std::string& method) {
  j["coupling"]["method"] = method;
  j["time"] = {{"end", 2.0 / 30.0}, {"fps", 30}};
  j["output"] = {{"preview", {{"enabled", false}}}, {"checkpoint_every", 0}};
  return j;
}

}  // namespace

TEST(StatsReference, DocsAreInStepWithTheCode) {
  const std::string doc = test::read_text(std::string(RIPPLE_SOURCE_DIR) + "/docs/stats.md");
  EXPECT_EQ(doc, stats_format_markdown()) << "docs/stats.md is stale: regenerate with `build/ripple stats-format > docs/stats.md`";
}

TEST(StatsReference, EveryMethodWritesOnlyDocumentedFieldsAndEveryFieldIsWritten) {
  const std::set<std::string> documented = documented_keys("");  // every method's
  // A falling body over a pool with each method that can couple it, and in a gas.
  const json rigid = json::parse(R"({"type": "rigid", "name": "ball",
      "geometry": {"type": "sphere", "center": [0.2, 0.22, 0.05], "radius": 0.03, "subdivisions": 1}})");
  json none = test::small_scene();
  // json::array, not braces: clang takes {rigid} for a copy of the object (GCC for an array).
  none["solids"] = json::array({rigid});
  json cutcell = none;
  json slip = none;
  json monolith = none;
  json barrier = test::small_scene();
  barrier["fluid"]["representation"] = "levelset";
  barrier["solids"] = json::array({json::parse(R"({"type": "shell", "name": "cloth",
      "geometry": {"type": "grid", "center": [0.1, 0.25, 0.05], "width": 0.08, "depth": 0.06, "resolution": 4}})")});
  // The membrane needs a level set and surface tension.
  json membrane = none;
  membrane["fluid"]["representation"] = "levelset";
  membrane["fluid"]["surface_tension"] = 0.07;
  // A gas with the same body writes the gas's fields.
  json gas = none;
  gas["fluid"] = json::parse(R"({"representation": "gas", "density": 1.2, "gas": {"heat_lift": 1.0},
      "regions": [{"type": "box", "min": [0, 0, 0], "max": [0.15, 0.1, 0.1], "temperature": 1.0}]})");
  gas["domain"]["boundary"] = {{"y_max", "open"}};
  // Emitters and drains write theirs.
  json flows = test::small_scene();
  flows["fluid"]["emitters"] = json::parse(R"([{"type": "sphere", "center": [0.2, 0.2, 0.05], "radius": 0.02}])");
  flows["fluid"]["drains"] = json::parse(R"([{"type": "sphere", "center": [0.05, 0.02, 0.05], "radius": 0.02}])");
  std::set<std::string> all;
  for (const auto& [name, scene] :
       {std::pair{"none", none}, {"none", flows}, {"cutcell", cutcell}, {"barrier", barrier}, {"slip", slip}, {"slip", gas},
        {"monolith", monolith}, {"membrane", membrane}}) {
    SCOPED_TRACE(name);
    const std::set<std::string> own = documented_keys(name);  // another method's field is a failure too
    for (const std::string& k : written_keys(with_method(scene, name), name, documented)) {
      EXPECT_TRUE(own.count(k)) << "stats key \"" << k << "\" is written but not documented for this method";
      all.insert(k);
    }
  }
  for (const std::string& k : documented) EXPECT_TRUE(all.count(k)) << "documented key \"" << k << "\" is never written";
}
