#pragma once
// Every surface the liquid slips along at one instant, as one triangle set: the shells (both
// sides), the boundaries of volumes and rigid bodies, and the scene's obstacles. Rods have no
// surface here (they are too thin for the grid to see).
#include <array>
#include <string>
#include <vector>

#include "ripple/world/world.hpp"

namespace ripple {

struct SlipSurface {
  std::vector<Vec3> x;                        ///< #V positions (m)
  std::vector<Vec3> v;                        ///< #V velocities (m/s)
  std::vector<std::array<int, 3>> triangles;  ///< #T, indices into x
  std::vector<int> triangle_body;             ///< #T, index into `bodies`
  /// #V: the SolidModel vertex, or -1 for an obstacle's vertex (prescribed motion).
  std::vector<int> model_vertex;
  std::vector<std::string> bodies;            ///< names, for messages and statistics
  bool empty() const { return triangles.empty(); }
};

/// The surfaces at the solids' current state and the obstacles at time t (s). Obstacle bodies
/// of the Lagrangian model are taken from the obstacle field (the same shapes), the domain's
/// walls not at all (the grid has them).
SlipSurface collect_slip_surface(const World& world, double t);

/// Velocity (m/s) of model vertex v from the coordinates' velocity zdot (affine for rigid bodies).
Vec3 model_vertex_velocity(const SolidModel& model, const VectorX& zdot, int v);

}  // namespace ripple
