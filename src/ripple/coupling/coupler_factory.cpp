#include "ripple/coupling/coupler_factory.hpp"

#include "ripple/core/errors.hpp"
#include "ripple/coupling/barrier/barrier_coupler.hpp"
#include "ripple/coupling/cutcell/cutcell_coupler.hpp"
#include "ripple/coupling/membrane/membrane_coupler.hpp"
#include "ripple/coupling/monolith/monolith_coupler.hpp"
#include "ripple/coupling/none/liquid_only_coupler.hpp"
#include "ripple/coupling/slip/slip_coupler.hpp"

namespace ripple {

const std::vector<CouplingMethod>& coupling_methods() {
  static const std::vector<CouplingMethod> methods{
      {{"none",
        "the liquid alone: obstacles are prescribed boundaries, and shells, rods and bodies move without feeling the "
        "liquid (nor it them).",
        std::nullopt},
       [](const Scene&) { return std::make_unique<LiquidOnlyCoupler>(); },
       {},
       {.emitters = true, .moving_obstacles = true}},
      {{"barrier",
        "the liquid and shells, rods, volumes and rigid bodies two ways in one optimisation with a barrier that keeps "
        "the liquid out of every solid (Liu et al. 2025; needs fluid.representation `levelset`).",
        barrier_settings_schema()},
       [](const Scene& s) { return std::make_unique<BarrierCoupler>(barrier_settings(s)); },
       barrier_stats_fields(),
       {.moving_obstacles = true}},
      {{"cutcell",
        "the liquid and volumes and rigid bodies two ways in one linear solve for pressures and solid velocities, "
        "free slip at the true interface (Zarifi & Batty 2017).",
        cutcell_settings_schema()},
       [](const Scene& s) { return std::make_unique<CutCellCoupler>(cutcell_settings(s)); },
       cutcell_stats_fields(),
       {.emitters = true, .moving_obstacles = true}},
      {{"slip",
        "the liquid slides freely along shells, volumes, rigid bodies and obstacles and never crosses them: only its "
        "normal velocity is constrained, at the grid faces the solids block (Robinson-Mosher, English & Fedkiw 2009).",
        slip_settings_schema()},
       [](const Scene& s) { return std::make_unique<SlipCoupler>(slip_settings(s)); },
       slip_stats_fields(),
       {.emitters = true, .moving_obstacles = true}},
      {{"monolith",
        "the liquid, rigid bodies and elastic volumes two ways, with frictional contact against the walls, the "
        "obstacles and each other, in one box-constrained solve for pressures, contact forces and velocities per "
        "Newton iteration (ElastoMonolith, Takahashi & Batty 2022).",
        monolith_settings_schema()},
       [](const Scene& s) { return std::make_unique<MonolithCoupler>(monolith_settings(s)); },
       monolith_stats_fields(),
       {.emitters = true, .moving_obstacles = true}},
      {{"membrane",
        "the liquid's free surface as a Lagrangian membrane carrying the surface tension, three ways with the grid "
        "liquid and rigid bodies, so that bodies denser than water can float on it; two solves per substep (Ruan et "
        "al. 2021; needs fluid.representation `levelset`; rigid bodies only).",
        membrane_settings_schema()},
       [](const Scene& s) { return std::make_unique<MembraneCoupler>(membrane_settings(s)); },
       membrane_stats_fields(),
       {}},
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

/// The methods with a capability, as "`a`, `b`".
std::string methods_with(bool CouplingCapabilities::*capability) {
  std::string out;
  for (const CouplingMethod& m : coupling_methods())
    if (m.capabilities.*capability) out += (out.empty() ? "\"" : ", \"") + m.schema.name + "\"";
  return out;
}

void check_capabilities(const Scene& scene, const CouplingMethod& m) {
  const bool flows = !scene.fluid.emitters.empty() || !scene.fluid.drains.empty();
  if (flows && !m.capabilities.emitters) {
    const std::string key = scene.fluid.emitters.empty() ? "/fluid/drains" : "/fluid/emitters";
    throw InputError(scene.source_path + ": " + key, "coupling method \"" + m.schema.name +
                                                         "\" cannot run liquid emitters or drains; methods that can: " +
                                                         methods_with(&CouplingCapabilities::emitters));
  }
  for (size_t i = 0; i < scene.obstacles.size(); ++i)
    if (scene.obstacles[i].kinematic() && !m.capabilities.moving_obstacles)
      throw InputError(scene.source_path + ": " + scene.obstacles[i].pointer,
                       "coupling method \"" + m.schema.name + "\" cannot move obstacles (velocity, angular_velocity, "
                       "keyframes, mesh sequences); methods that can: " + methods_with(&CouplingCapabilities::moving_obstacles));
}

}  // namespace

std::unique_ptr<Coupler> make_coupler(const Scene& scene) {
  for (const CouplingMethod& m : coupling_methods())
    if (m.schema.name == scene.coupling_method) {
      check_capabilities(scene, m);
      return m.make(scene);
    }
  throw InputError(scene.source_path + ": /coupling/method", "unknown coupling method \"" + scene.coupling_method + "\"");
}

}  // namespace ripple
