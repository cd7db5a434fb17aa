#include "ripple/coupling/slip/slip_settings.hpp"

#include "ripple/core/errors.hpp"

namespace ripple {

using nlohmann::json;

namespace {

const EnumTable<SlipSolids>& solids_names() {
  static const EnumTable<SlipSolids> t{{"two_way", SlipSolids::two_way}, {"one_way", SlipSolids::one_way}};
  return t;
}

const EnumTable<SlipCondition>& condition_names() {
  static const EnumTable<SlipCondition> t{{"slip", SlipCondition::slip}, {"no_slip", SlipCondition::no_slip}};
  return t;
}

}  // namespace

SchemaNode slip_settings_schema() {
  SchemaNode slip = schema_object(
      "Settings of `slip` (Robinson-Mosher, English & Fedkiw 2009): only the liquid's velocity normal to a solid is "
      "constrained, at the grid faces whose cell-to-cell ray the solid's surface blocks, so the liquid slides freely "
      "along volumes, rigid bodies and infinitely thin shells and never crosses them.");
  slip.add("solids", schema_enum("`two_way`: the liquid's pressure and the slip constraints' normal forces act on "
                                 "shells, volumes and rigid bodies in the same solve as the pressure (Sec. 5); "
                                 "`one_way`: the solids move on their own (their own dynamics, contact and gravity) "
                                 "and the liquid follows their normal velocity (Sec. 4).",
                                 solids_names(), SlipSolids::two_way))
      .add("condition", schema_enum("`slip`: only the liquid's velocity normal to a solid is constrained, so it slides "
                                    "freely along it (the method); `no_slip`: every component of the liquid's velocity "
                                    "next to a solid matches the solid's, in every cell the solid's surface blocks "
                                    "(the paper's comparison, Fig. 9).",
                                    condition_names(), SlipCondition::slip))
      .add("tolerance", schema_number("Relative residual (2-norm) at which the pressure and constraint-force solve "
                                      "stops.",
                                      "", 1e-6)
                            .range(0, 1, true))
      .add("max_iterations", schema_integer("Iteration cap of that solve; hitting it is reported in stats and the log.",
                                            2000)
                                 .range(1, 1000000));
  return slip;
}

SlipSettings slip_settings(const Scene& s) {
  const json& sj = s.resolved.at("coupling").at("slip");
  SlipSettings c;
  c.solids = enum_value(sj["solids"], solids_names());
  c.condition = enum_value(sj["condition"], condition_names());
  c.tolerance = sj["tolerance"];
  c.max_iterations = sj["max_iterations"];
  // A gas filling a domain closed on every side is one region whose pressure is pinned at a
  // cell: the coupled solve of a whole domain so pinned converges too slowly to be of use.
  if (s.fluid.representation == LiquidRepresentation::Gas && !s.any_open_side() && !s.lagrangian_solids.empty())
    throw InputError(s.source_path + ": /domain/boundary",
                     "coupling.method \"slip\" with a gas needs an open side (a domain closed on every side pins "
                     "the pressure of all of it at one cell and its solve stalls): make a side \"open\"");
  return c;
}

}  // namespace ripple
