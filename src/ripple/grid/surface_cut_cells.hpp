#pragma once
// The solid's surface cut by the grid's cells (Zarifi & Batty 2017, Sec. 5.1 and 7): every
// surface triangle is clipped against the cells it overlaps (Sutherland-Hodgman), and each
// planar piece Q_i keeps its area a_i, its unit normal n_i (pointing into the solid, out of
// the fluid) and the barycentric coordinates of its centroid c_i in its triangle (Eq. 11).
// These are the rows of N^T C (Eq. 13): the flux sum_i a_i v(c_i) . n_i through the solid
// part of a cell's boundary, and, transposed, the pressure force on the nodes (Eq. 15). The
// monolith coupling's F_e,p (Takahashi & Batty 2022, Eq. 8-9) is the same clipping.
#include <array>
#include <cstdint>
#include <vector>

#include "ripple/grid/grid_geometry.hpp"

namespace ripple {

struct SurfacePiece {
  int64_t cell = 0;           ///< linear cell index (i + nx (j + ny k))
  int triangle = 0;           ///< index into the surface's triangles
  double area = 0.0;          ///< m^2
  Vec3 normal = Vec3::Zero(); ///< unit, into the solid
  Vec3 barycentric = Vec3::Zero();  ///< of the piece's centroid, over the triangle's vertices
  Vec3 centroid = Vec3::Zero();     ///< m, at the positions the surface was cut at
};

/// Pieces of every triangle (#F by 3 indices into `vertices`, counter-clockwise seen from
/// outside) inside the grid, sorted by (cell, triangle). Parts outside the grid are dropped.
/// A triangle lying exactly in a grid plane goes to the cell on its outer side (the fluid's),
/// never to both.
std::vector<SurfacePiece> cut_surface_by_cells(const std::vector<Vec3>& vertices,
                                               const std::vector<std::array<int, 3>>& triangles,
                                               const GridGeometry& grid);

}  // namespace ripple
