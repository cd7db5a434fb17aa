#include "ripple/coupling/membrane/membrane_settings.hpp"

#include <numbers>

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
  SchemaNode angles = schema_object(
      "The contact angle of the liquid on each domain wall, measured through the liquid (Young's law: the wetted "
      "wall carries the energy -sigma cos(theta) per area): below 90 the liquid climbs the wall, above 90 it is "
      "pushed down; the contact line slides along the wall.");
  for (const char* side : {"x_min", "x_max", "y_min", "y_max", "z_min", "z_max"})
    angles.add(side, schema_number(std::string("Contact angle on the ") + side + " wall.", "deg", 90.0).range(0, 180));
  membrane.add("wall_contact_angle", angles);
  return membrane;
}

MembraneSettings membrane_settings(const Scene& s) {
  const nlohmann::json& mj = s.resolved.at("coupling").at("membrane");
  MembraneSettings m;
  m.thickness = mj["thickness"];
  m.refinement = mj["refinement"];
  const char* sides[6] = {"x_min", "x_max", "y_min", "y_max", "z_min", "z_max"};
  for (size_t i = 0; i < 6; ++i)
    m.wall_contact_angle[i] = mj["wall_contact_angle"][sides[i]].get<double>() * std::numbers::pi / 180.0;
  auto fail = [&](const std::string& ptr, const std::string& reason) { throw InputError(s.source_path + ": " + ptr, reason); };
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
    if (d.motion.fixed || d.motion.kinematic)
      fail(d.pointer + "/motion", "coupling.method \"membrane\" simulates free rigid bodies; \"" + d.name +
                                      "\" is fixed or moved by script");
  }
  return m;
}

}  // namespace ripple
