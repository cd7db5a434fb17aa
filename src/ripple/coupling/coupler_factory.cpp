#include "ripple/coupling/coupler_factory.hpp"

#include <algorithm>
#include <sstream>

#include "ripple/core/errors.hpp"
#include "ripple/scene/scene_enums.hpp"
#include "ripple/coupling/barrier/barrier_coupler.hpp"
#include "ripple/coupling/cutcell/cutcell_coupler.hpp"
#include "ripple/coupling/membrane/membrane_coupler.hpp"
#include "ripple/coupling/monolith/monolith_coupler.hpp"
#include "ripple/coupling/none/liquid_only_coupler.hpp"
#include "ripple/coupling/slip/slip_coupler.hpp"

namespace ripple {
namespace {

constexpr LiquidRepresentation kApic = LiquidRepresentation::Apic;
constexpr LiquidRepresentation kFlip = LiquidRepresentation::Flip;
constexpr LiquidRepresentation kLevelSet = LiquidRepresentation::LevelSet;
constexpr LiquidRepresentation kGas = LiquidRepresentation::Gas;

}  // namespace

const std::vector<CouplingMethod>& coupling_methods() {
  static const std::vector<CouplingMethod> methods{
      {{"none",
        "the liquid alone: obstacles are prescribed boundaries, and shells, rods and bodies move without feeling the "
        "liquid (nor it them).",
        std::nullopt},
       [](const Scene&) { return std::make_unique<LiquidOnlyCoupler>(); },
       {},
       {.liquids = {kApic, kFlip, kLevelSet, kGas},
        .uncoupled_solids = true,
        .emitters = true,
        .moving_obstacles = true,
        .moving_pins = true}},
      {{"barrier",
        "the liquid and shells, rods, volumes and rigid bodies two ways in one optimisation with a barrier that keeps "
        "the liquid out of every solid (Liu et al. 2025; needs fluid.representation `levelset`).",
        barrier_settings_schema()},
       [](const Scene& s) { return std::make_unique<BarrierCoupler>(barrier_settings(s)); },
       barrier_stats_fields(),
       {.liquids = {kLevelSet},
        .solids = {SolidKind::shell, SolidKind::rod, SolidKind::volume, SolidKind::rigid},
        .moving_obstacles = true,
        .moving_pins = true}},
      {{"cutcell",
        "the liquid and volumes and rigid bodies two ways in one linear solve for pressures and solid velocities, "
        "free slip at the true interface (Zarifi & Batty 2017).",
        cutcell_settings_schema()},
       [](const Scene& s) { return std::make_unique<CutCellCoupler>(cutcell_settings(s)); },
       cutcell_stats_fields(),
       {.liquids = {kApic, kFlip, kLevelSet},
        .solids = {SolidKind::volume, SolidKind::rigid},
        .emitters = true,
        .moving_obstacles = true}},
      {{"slip",
        "the liquid slides freely along shells, volumes, rigid bodies and obstacles and never crosses them: only its "
        "normal velocity is constrained, at the grid faces the solids block (Robinson-Mosher, English & Fedkiw 2009).",
        slip_settings_schema()},
       [](const Scene& s) { return std::make_unique<SlipCoupler>(slip_settings(s)); },
       slip_stats_fields(),
       {.liquids = {kApic, kFlip, kLevelSet, kGas},
        .solids = {SolidKind::shell, SolidKind::volume, SolidKind::rigid},
        .emitters = true,
        .moving_obstacles = true,
        .moving_pins = true}},
      {{"monolith",
        "the liquid, rigid bodies and elastic volumes two ways, with frictional contact against the walls, the "
        "obstacles and each other, in one box-constrained solve for pressures, contact forces and velocities per "
        "Newton iteration (ElastoMonolith, Takahashi & Batty 2022).",
        monolith_settings_schema()},
       [](const Scene& s) { return std::make_unique<MonolithCoupler>(monolith_settings(s)); },
       monolith_stats_fields(),
       {.liquids = {kApic, kFlip},
        .solids = {SolidKind::volume, SolidKind::rigid},
        .emitters = true,
        .moving_obstacles = true}},
      {{"membrane",
        "the liquid's free surface as a Lagrangian membrane carrying the surface tension, three ways with the grid "
        "liquid and rigid bodies, so that bodies denser than water can float on it; two solves per substep (Ruan et "
        "al. 2021; needs fluid.representation `levelset`; rigid bodies only).",
        membrane_settings_schema()},
       [](const Scene& s) { return std::make_unique<MembraneCoupler>(membrane_settings(s)); },
       membrane_stats_fields(),
       {.liquids = {kLevelSet}, .solids = {SolidKind::rigid}}},
  };
  return methods;
}

std::vector<CouplingSchema> coupling_schemas() {
  std::vector<CouplingSchema> out;
  for (const CouplingMethod& m : coupling_methods()) out.push_back(m.schema);
  return out;
}

std::vector<StatsGroup> coupling_stats_groups() {
  std::vector<StatsGroup> out;
  for (const CouplingMethod& m : coupling_methods())
    if (!m.stats.empty()) out.push_back({"With coupling.method \"" + m.schema.name + "\" and liquid", m.stats});
  return out;
}

namespace {

template <class T>
bool holds(const std::vector<T>& list, T value) {
  return std::find(list.begin(), list.end(), value) != list.end();
}

/// The methods for which `has` holds, as "\"a\", \"b\"".
std::string methods_where(const std::function<bool(const CouplingMethod&)>& has) {
  std::string out;
  for (const CouplingMethod& m : coupling_methods())
    if (has(m)) out += (out.empty() ? "\"" : ", \"") + m.schema.name + "\"";
  return out.empty() ? "none" : out;
}

std::string methods_with(bool CouplingCapabilities::*capability) {
  return methods_where([&](const CouplingMethod& m) { return m.capabilities.*capability; });
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

/// "a", "a and b", "a, b and c".
std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i)
    out += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
  return out;
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

void check_capabilities(const Scene& scene, const CouplingMethod& m) {
  const CouplingCapabilities& c = m.capabilities;
  const std::string method = "coupling.method \"" + m.schema.name + "\"";
  auto refuse = [&](const std::string& key, const std::string& reason) {
    throw InputError(scene.source_path + ": " + key, reason);
  };
  const LiquidRepresentation rep = scene.fluid.representation;
  if (!holds(c.liquids, rep)) {
    const std::string name = enum_name(rep, liquid_representation_names());
    refuse("/fluid/representation",
           method + " runs fluid.representation " + liquid_names(c.liquids) + ", not \"" + name +
               "\"; methods that run \"" + name + "\": " +
               methods_where([&](const CouplingMethod& o) { return holds(o.capabilities.liquids, rep); }));
  }
  for (const LagrangianSolidDesc& d : scene.lagrangian_solids) {
    if (!c.uncoupled_solids && !holds(c.solids, d.kind))
      refuse(d.pointer + "/type",
             method + " couples " + solid_names(c) + "; solid \"" + d.name + "\" is a " + solid_kind_name(d.kind) +
                 ", which " + methods_where([&](const CouplingMethod& o) { return holds(o.capabilities.solids, d.kind); }) +
                 " couple");
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

}  // namespace

std::string coupling_methods_markdown() {
  std::ostringstream os;
  os << "# Coupling methods\n\n"
        "<!-- Generated by `build/ripple methods > docs/methods.md` from coupling/coupler_factory.cpp; "
        "a test keeps them in step. -->\n\n"
        "What each `coupling.method` can couple. A scene that asks a method for more is refused before "
        "anything runs (exit 2), naming the key and the methods that can.\n\n"
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
  const LiquidRepresentation given = scene.fluid.representation;
  for (const CouplingMethod& m : coupling_methods()) {
    if (m.schema.name != scene.coupling_method || given == kGas || holds(m.capabilities.liquids, given)) continue;
    for (LiquidRepresentation r : m.capabilities.liquids) {
      if (r == kGas) continue;
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

std::unique_ptr<Coupler> make_coupler(const Scene& scene) {
  for (const CouplingMethod& m : coupling_methods())
    if (m.schema.name == scene.coupling_method) {
      check_capabilities(scene, m);
      return m.make(scene);
    }
  throw InputError(scene.source_path + ": /coupling/method", "unknown coupling method \"" + scene.coupling_method + "\"");
}

}  // namespace ripple
