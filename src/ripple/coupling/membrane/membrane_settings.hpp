#pragma once
// coupling.membrane: the settings of the liquid membrane (Ruan et al. 2021), their schema and
// their parsing from the scene, with the checks that the scene holds what the method couples.
#include <array>
#include <numbers>

#include "ripple/scene/scene.hpp"
#include "ripple/scene/schema.hpp"

namespace ripple {

struct MembraneSettings {
  double thickness = 0.5;  ///< cells: the membrane's h (Sec. 7.1: 0.5 dx)
  int refinement = 2;      ///< the initial membrane's lattice per grid cell and axis (Sec. 4.2: 2)
  /// rad, per domain side (x_min, x_max, y_min, ...): the liquid's contact angle on that wall
  std::array<double, 6> wall_contact_angle{std::numbers::pi / 2, std::numbers::pi / 2, std::numbers::pi / 2,
                                           std::numbers::pi / 2, std::numbers::pi / 2, std::numbers::pi / 2};
};

/// The schema of the coupling.membrane block.
SchemaNode membrane_settings_schema();

/// The settings of a validated scene, checked against its liquid, obstacles, sides and solids:
/// throws InputError naming the key the method cannot run with.
MembraneSettings membrane_settings(const Scene& scene);

}  // namespace ripple
