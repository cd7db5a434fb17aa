#include "ripple/coupling/method_capabilities.hpp"

#include <algorithm>
#include <sstream>

#include "ripple/core/errors.hpp"
#include "ripple/coupling/coupler_factory.hpp"
#include "ripple/scene/scene_enums.hpp"

namespace ripple {
namespace {

template <class T>
bool holds(const std::vector<T>& list, T value) {
  return std::find(list.begin(), list.end(), value) != list.end();
}

/// The names of the methods for which `has` holds.
std::vector<std::string> methods_where(const std::function<bool(const CouplingMethod&)>& has) {
  std::vector<std::string> out;
  for (const CouplingMethod& m : coupling_methods())
    if (has(m)) out.push_back(m.schema.name);
  return out;
}

/// "a", "a and b", "a, b and c".
std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i)
    out += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
  return out;
}

/// "\"a\"", "\"a\" and \"b\"", ...; "none" for no names.
std::string quoted(const std::vector<std::string>& names) {
  std::vector<std::string> q;
  for (const std::string& n : names) q.push_back("\"" + n + "\"");
  return q.empty() ? "none" : joined(q);
}

std::string methods_with(bool CouplingCapabilities::*capability) {
  return quoted(methods_where([&](const CouplingMethod& m) { return m.capabilities.*capability; }));
}

std::string solid_kind_name(SolidKind k) {
  switch (k) {
    case SolidKind::shell: return "shell";
    case SolidKind::rod: return "rod";
    case SolidKind::volume: return "volume";
    case SolidKind::rigid: return "rigid body";
  }
  return "solid";
}

std::string liquid_names(const std::vector<LiquidRepresentation>& liquids) {
  std::vector<std::string> names;
  for (LiquidRepresentation r : liquids) names.push_back(enum_name(r, liquid_representation_names()));
  return joined(names);
}

std::string solid_names(const CouplingCapabilities& c) {
  if (c.uncoupled_solids) return "none (shells, rods, volumes and rigid bodies move without the liquid)";
  std::vector<std::string> names;
  for (SolidKind k : c.solids) names.push_back(k == SolidKind::rigid ? "rigid bodies" : solid_kind_name(k) + "s");
  return names.empty() ? "none" : joined(names);
}

}  // namespace

void check_capabilities(const Scene& scene, const CouplingMethod& m) {
  const CouplingCapabilities& c = m.capabilities;
  const std::string method = "coupling.method \"" + m.schema.name + "\"";
  auto refuse = [&](const std::string& key, const std::string& reason) {
    throw InputError(scene.source_path + ": " + key, reason);
  };
  const LiquidRepresentation rep = scene.fluid.representation;
  const bool liquid = rep == LiquidRepresentation::Gas || !scene.fluid.regions.empty() || !scene.fluid.emitters.empty();
  if (liquid && !holds(c.liquids, rep)) {  // a scene without liquid runs whatever it names
    const std::string name = enum_name(rep, liquid_representation_names());
    refuse("/fluid/representation",
           method + " runs fluid.representation " + liquid_names(c.liquids) + ", not \"" + name +
               "\"; methods that run \"" + name + "\": " +
               quoted(methods_where([&](const CouplingMethod& o) { return holds(o.capabilities.liquids, rep); })));
  }
  for (const LagrangianSolidDesc& d : scene.lagrangian_solids) {
    if (!c.uncoupled_solids && !holds(c.solids, d.kind)) {
      const std::vector<std::string> others =
          methods_where([&](const CouplingMethod& o) { return holds(o.capabilities.solids, d.kind); });
      refuse(d.pointer + "/type", method + " couples " + solid_names(c) + "; solid \"" + d.name + "\" is a " +
                                      solid_kind_name(d.kind) + ", which " +
                                      (others.size() == 1 ? "only " + quoted(others) + " couples"
                                                          : quoted(others) + " couple"));
    }
    if (!c.moving_pins && !d.motion.pinned.empty() && d.motion.pin_path.moves())
      refuse(d.pointer + "/pinned", method + " holds pinned vertices still; solid \"" + d.name +
                                        "\" moves them: methods that move pins: " +
                                        methods_with(&CouplingCapabilities::moving_pins));
  }
  const bool flows = !scene.fluid.emitters.empty() || !scene.fluid.drains.empty();
  if (flows && !c.emitters)
    refuse(scene.fluid.emitters.empty() ? "/fluid/drains" : "/fluid/emitters",
           method + " cannot run liquid emitters or drains; methods that can: " +
               methods_with(&CouplingCapabilities::emitters));
  for (const ObstacleDesc& o : scene.obstacles)
    if (o.kinematic() && !c.moving_obstacles)
      refuse(o.pointer, method + " cannot move obstacles (velocity, angular_velocity, keyframes, mesh sequences); "
                                 "methods that can: " + methods_with(&CouplingCapabilities::moving_obstacles));
}

std::string coupling_methods_markdown() {
  std::ostringstream os;
  os << "# Coupling methods\n\n"
        "<!-- Generated by `build/ripple methods > docs/methods.md` from coupling/coupler_factory.cpp; "
        "a test keeps them in step. -->\n\n"
        "What each `coupling.method` can couple. A liquid given in a representation its method does not "
        "run is carried the way the method runs it (particles as a level set, a level set as APIC "
        "particles), starting from the same regions, and the run says so; a gas is not converted. A scene "
        "that asks a method for anything else in this table is refused before anything runs (exit 2), "
        "naming the key and the methods that can.\n\n"
        "| method | liquid (`fluid.representation`) | solids coupled two ways | emitters and drains | moving "
        "obstacles | moving pins |\n"
        "|---|---|---|---|---|---|\n";
  auto yes = [](bool b) { return b ? "yes" : "no"; };
  for (const CouplingMethod& m : coupling_methods()) {
    const CouplingCapabilities& c = m.capabilities;
    os << "| `" << m.schema.name << "` | " << liquid_names(c.liquids) << " | " << solid_names(c) << " | "
       << yes(c.emitters) << " | " << yes(c.moving_obstacles) << " | " << yes(c.moving_pins) << " |\n";
  }
  os << "\n";
  for (const CouplingMethod& m : coupling_methods()) os << "- `" << m.schema.name << "`: " << m.schema.summary << "\n";
  return os.str();
}

void fit_liquid_to_method(Scene& scene) {
  if (scene.fluid.regions.empty() && scene.fluid.emitters.empty()) return;  // no liquid to carry
  const LiquidRepresentation given = scene.fluid.representation;
  for (const CouplingMethod& m : coupling_methods()) {
    if (m.schema.name != scene.coupling_method || given == LiquidRepresentation::Gas ||
        holds(m.capabilities.liquids, given))
      continue;
    for (LiquidRepresentation r : m.capabilities.liquids) {
      if (r == LiquidRepresentation::Gas) continue;
      const std::string from = enum_name(given, liquid_representation_names());
      const std::string to = enum_name(r, liquid_representation_names());
      scene.fluid.representation = r;
      scene.resolved["fluid"]["representation"] = to;
      scene.notices.push_back("fluid.representation \"" + from + "\" runs as \"" + to + "\" under coupling.method \"" +
                              m.schema.name + "\" (the liquid starts from the same regions)");
      return;
    }
  }
}

}  // namespace ripple
