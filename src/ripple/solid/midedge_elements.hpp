#pragma once
// Builds a shell's mid-edge bending elements (energies/midedge_bending.hpp): per triangle, the
// neighbour across each edge, the rest dihedral angles (so creases keep their fold) and K_T.
#include <array>
#include <vector>

#include "ripple/solid/solid_model.hpp"

namespace ripple {

/// Appends one element per triangle of the shell whose vertices start at `first_vertex`
/// (`rest`: #V rest positions of the shell, `triangles` local indices), for flexural rigidity
/// D (N m) and Poisson's ratio nu. Edges with more than two triangles count as boundary.
void add_midedge_bending_elements(SolidModel& m, int first_vertex, const std::vector<Vec3>& rest,
                                  const std::vector<std::array<int, 3>>& triangles, double D, double nu);

}  // namespace ripple
