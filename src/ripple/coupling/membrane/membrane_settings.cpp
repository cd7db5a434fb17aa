#include "ripple/coupling/membrane/membrane_settings.hpp"

#include "ripple/core/errors.hpp"

namespace ripple {

SchemaNode membrane_settings_schema() {
  SchemaNode membrane = schema_object(
      "Settings of `membrane` (Ruan et al. 2021): the liquid's free surface is a Lagrangian triangle membrane "
      "of thickness h carrying the surface tension (fluid.surface_tension), coupled to the grid liquid through the "
      "faces where liquid meets air; each substep solves the fluid-membrane system twice, once for the advection "
      "velocity without surface tension and once for the new velocities with it.");
  membrane
      .add("thickness", schema_number("The membrane's thickness h, which sets its particles' mass (the paper's "
                                      "0.5 cells; thicker membranes carry surface waves more slowly).",
                                      "cells", 0.5)
                            .range(0.05, 20))
      .add("refinement", schema_integer("Triangle edges per grid cell of the initial membrane (the paper's 2).", 2)
                             .range(1, 4));
  return membrane;
}

MembraneSettings membrane_settings(const Scene& s) {
  const nlohmann::json& mj = s.resolved.at("coupling").at("membrane");
  MembraneSettings m;
  m.thickness = mj["thickness"];
  m.refinement = mj["refinement"];
  auto fail = [&](const std::string& ptr, const std::string& reason) { throw InputError(s.source_path + ": " + ptr, reason); };
  if (s.fluid.representation != LiquidRepresentation::LevelSet)
    fail("/fluid/representation", "coupling.method \"membrane\" carries the liquid on the grid inside its membrane "
                                  "(Ruan et al. 2021): set fluid.representation to \"levelset\"");
  if (s.fluid.viscosity > 0.0)
    fail("/fluid/viscosity", "coupling.method \"membrane\" simulates an inviscid liquid (as Ruan et al. 2021); "
                             "viscous liquids couple under \"monolith\", \"cutcell\" or \"none\"");
  if (s.any_open_side())
    fail("/domain/boundary", "coupling.method \"membrane\" needs closed walls on every side (its membrane closes "
                             "on them)");
  if (!s.obstacles.empty())
    fail("/obstacles", "coupling.method \"membrane\" does not yet hold its membrane off obstacles; give the "
                       "container as the domain's walls, or use \"none\", \"cutcell\" or \"slip\"");
  for (const LagrangianSolidDesc& d : s.lagrangian_solids) {
    if (d.kind != SolidKind::rigid)
      fail(d.pointer + "/type", "coupling.method \"membrane\" couples rigid bodies; \"" + d.name +
                                    "\" couples under \"barrier\", \"cutcell\", \"slip\" or \"monolith\"");
    if (d.motion.fixed || d.motion.kinematic)
      fail(d.pointer + "/motion", "coupling.method \"membrane\" simulates free rigid bodies; \"" + d.name +
                                      "\" is fixed or moved by script");
  }
  return m;
}

}  // namespace ripple
