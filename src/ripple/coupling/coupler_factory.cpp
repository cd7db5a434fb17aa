#include "ripple/coupling/coupler_factory.hpp"

#include "ripple/core/errors.hpp"
#include "ripple/coupling/barrier/barrier_coupler.hpp"
#include "ripple/coupling/cutcell/cutcell_coupler.hpp"
#include "ripple/coupling/method_capabilities.hpp"
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
        .solids = {},
        .uncoupled_solids = true,
        .emitters = true,
        .moving_obstacles = true,
        .moving_pins = true}},
      {{"barrier",
        "the liquid and shells, rods, volumes and rigid bodies two ways in one optimisation with a barrier that keeps "
        "the liquid out of every solid (Liu et al. 2025; the liquid is carried as a level set).",
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
        "al. 2021; the liquid is carried as a level set; rigid bodies only).",
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

std::unique_ptr<Coupler> make_coupler(const Scene& scene) {
  for (const CouplingMethod& m : coupling_methods())
    if (m.schema.name == scene.coupling_method) {
      check_capabilities(scene, m);
      return m.make(scene);
    }
  throw InputError(scene.source_path + ": /coupling/method", "unknown coupling method \"" + scene.coupling_method + "\"");
}

}  // namespace ripple
