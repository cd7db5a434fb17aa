#pragma once
// Signed distance (m, negative inside) of a closed, outward-oriented triangle mesh, sampled on
// a lattice: the exact unsigned distance within a band of the surface, the sign from the
// parity of crossings of a +x ray from each sample. Used for mesh obstacles (sampled once) and
// for the cut-cell coupling's moving solids (sampled every step at the grid's nodes).
#include <array>
#include <vector>

#include "ripple/grid/array3.hpp"

namespace ripple {

struct Lattice {
  Vec3 origin = Vec3::Zero();  ///< m, position of sample (0, 0, 0)
  double h = 1.0;              ///< m, sample spacing
};

/// For every sample of `phi` (at lattice.origin + h (i, j, k)) within `band` (m) of the mesh's
/// bounding box: phi = min(phi, d), d the mesh's signed distance, clamped to +-band. Samples
/// farther away keep their value. `triangles` index `vertices` (#F by 3, counter-clockwise
/// seen from outside). Samples exactly on a triangle's plane are decided by tiny fixed offsets
/// of the ray, so a sample on the surface gets one sign, consistently.
void min_with_mesh_signed_distance(const std::vector<Vec3>& vertices, const std::vector<std::array<int, 3>>& triangles,
                                   const Lattice& lattice, double band, ScalarGrid& phi);

}  // namespace ripple
