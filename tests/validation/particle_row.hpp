#pragma once
// The paper's drop on a row of fixed particles (Liu et al. 2025, Fig. 11c) as a thin 3D slab,
// shared by the leak test and the Newton-against-CFL study (Fig. 12): a 14 mm drop falling
// at 0.5 m/s from y = 56 mm onto a lattice of fixed 1 mm rigid boxes at y = 30 mm, `spacing`
// apart in x and z, in an 80 x 80 x 16 mm slab of 4 mm cells (0.07 N/m).
#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>

#include "ripple/core/types.hpp"

namespace ripple::test {

inline constexpr double kParticleRowY = 0.03;  ///< m

inline nlohmann::json particle_row_scene(double spacing) {
  using nlohmann::json;
  json j = json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.08, 0.08, 0.016], "dx": 0.004},
    "time": {"end": 0.12, "fps": 100},
    "fluid": {"representation": "levelset", "surface_tension": 0.07,
              "regions": [{"type": "sphere", "center": [0.04, 0.056, 0.008], "radius": 0.014, "velocity": [0, -0.5, 0]}]},
    "coupling": {"method": "barrier"},
    "output": {"preview": {"enabled": false}}
  })");
  json solids = json::array();
  int n = 0;
  for (double x = 0.5 * spacing; x < 0.08; x += spacing)
    for (double z = 0.5 * std::min(spacing, 0.016); z < 0.016; z += spacing) {
      const Vec3 c(x, kParticleRowY, z), lo = c - Vec3::Constant(5e-4), hi = c + Vec3::Constant(5e-4);
      std::string name = "p";  // appended, not "p" + ...: GCC 12's false -Wrestrict (bug 105329)
      name += std::to_string(n++);
      solids.push_back({{"type", "rigid"},
                        {"name", name},
                        {"motion", "fixed"},
                        {"geometry", {{"type", "box"}, {"min", {lo.x(), lo.y(), lo.z()}}, {"max", {hi.x(), hi.y(), hi.z()}}}}});
    }
  j["solids"] = solids;
  return j;
}

}  // namespace ripple::test
