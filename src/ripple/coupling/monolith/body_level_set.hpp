#pragma once
// The liquid's level set continued into the monolith's bodies before each solve, so that a
// liquid cell beside a body borders liquid, not a free surface it would drain into.
//
// Two steps: every cell whose centre is inside a body takes the mean of its neighbours' values
// outside, layer by layer to the bodies' middle (cells left out would count as air); and a
// cell just outside one body alone (within 1.5 cells of it, of no other body, obstacle or wall)
// where that body lies a cell or more under the surface is made as liquid as the level set
// continued from 1.5 cells out. The particles' own
// level set rises towards zero next to a body (none inside it) and, where they lag behind a
// moving body, can read a cell beside it as air for a step: a free surface inside the liquid
// that jolts the body. Where two solids meet (a box resting on another or on the floor) the
// cells between them keep the particles' value.
#include <functional>
#include <vector>

#include "ripple/fluid/solid_boundary.hpp"

namespace ripple {

struct BodyLevelSetInput {
  const ScalarGrid* body_phi = nullptr;     ///< m, at nodes: every body's signed distance (the least)
  /// m: each rigid body's signed distance at a point, and the radius (m) around its centre
  /// beyond which it is far.
  std::vector<std::function<double(const Vec3&)>> rigid_distance;
  std::vector<std::pair<Vec3, double>> rigid_reach;
  const ScalarGrid* elastic_phi = nullptr;  ///< m, at nodes: the elastic volumes' (empty: none)
  const SolidBoundary* obstacles = nullptr; ///< the static solids (null: none)
  WallSides walls{};                        ///< closed domain sides
};

/// Continues `phi` (m, at cell centres, negative in the liquid) into the bodies.
void continue_level_set_into_bodies(ScalarGrid& phi, const GridGeometry& g, const BodyLevelSetInput& in);

}  // namespace ripple
