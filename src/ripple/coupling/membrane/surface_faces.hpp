#pragma once
// The grid faces where the liquid meets the air and the membrane carries the velocity (Ruan et
// al. 2021, Sec. 5.1). Each face is the centre of a "dual cell", a cube of the grid's size
// between the two cells' centres; a face between a liquid and an air cell is a fluid-air dual
// cell, whose velocity is the membrane's, interpolated by W: the areas of the membrane's
// triangles inside the dual cell, split among their particles by the barycentric coordinates of
// each clipped piece's centroid, each row normalised. The dual cell's liquid mass (rho dx^3
// times the liquid's share of the segment between the two centres) goes to the particles
// through W^T M W.
#include <array>
#include <vector>

#include <Eigen/SparseCore>

#include "ripple/coupling/membrane/liquid_membrane.hpp"
#include "ripple/fluid/solid_boundary.hpp"

namespace ripple {

struct SurfaceFace {
  int axis = 0;
  Vec3i index = Vec3i::Zero();  ///< face index along each axis
  int64_t liquid_cell = 0;      ///< linear index of its liquid cell
  double sign = 1.0;            ///< +1 when the liquid cell is on the face's upper side
  double open = 1.0;            ///< open fraction of the face (cut by obstacles)
  double mass = 0.0;            ///< kg, the dual cell's liquid
  /// The rigid body whose cell lies across the face (a fluid-solid dual cell: its velocity is
  /// the body's, J v_r, Sec. 5.3), or -1 (a fluid-air dual cell: the membrane's, W v).
  int body = -1;
};

struct SurfaceFaces {
  std::vector<SurfaceFace> faces;
  /// W: faces by particles, rows summing to one (Sec. 5.1); the rows of body faces and of faces
  /// no triangle reaches are empty.
  Eigen::SparseMatrix<double, Eigen::RowMajor> W;
  /// Liquid-air faces (not bodies') no triangle of the membrane reaches (its zero set and the grid's disagree
  /// there): the projection treats them as plain free-surface faces (p = 0 in the air).
  int64_t unreached = 0;
};

/// The liquid-air and liquid-body faces of the cells phi < 0 (phi at cell centres, m) open in
/// `solids`, with the membrane's weights, for a liquid of `density` (kg/m^3). `cell_body` (empty:
/// no bodies) gives the body whose inside holds each cell's centre, or -1.
SurfaceFaces surface_faces(const ScalarGrid& phi, const SolidBoundary& solids, const GridGeometry& grid,
                           const LiquidMembrane& membrane, double density, const Array3<int>* cell_body = nullptr);

}  // namespace ripple
