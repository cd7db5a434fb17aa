#pragma once
// The slip projection's unknowns (Robinson-Mosher et al. 2009, Sec. 2-3.2), each with its
// predicted value and inverse mass: a velocity per face next to a liquid cell, one per liquid
// side of an occluded face (the two sides of a thin shell are different unknowns), and behind
// the occluded faces the ghost cells' fluxes, one per liquid side and one per link between
// neighbouring ghost cells. The liquid cells are numbered as the divergence rows.
#include <array>
#include <vector>

#include "ripple/coupling/slip/ghost_cells.hpp"
#include "ripple/coupling/slip/slip_projection.hpp"

namespace ripple {

constexpr int32_t kNoUnknown = -1;  ///< a face of no liquid cell
constexpr int32_t kWallFace = -2;   ///< a closed domain side: velocity zero

struct ProjectionUnknowns {
  const GridGeometry& g;
  const OccludedFaces& occ;
  Array3<int32_t> row;                       ///< liquid cell -> divergence row, -1 elsewhere
  int32_t rows = 0;                          ///< liquid cells
  std::vector<int64_t> cell_of_row;          ///< divergence row -> cell index (into `row`)
  std::array<Array3<int32_t>, 3> face;       ///< non-occluded face -> unknown, kNoUnknown, kWallFace
  std::vector<std::array<int32_t, 2>> side;  ///< occluded face -> sample unknown per side
  std::vector<double> ustar, inv_mass;       ///< per unknown: predicted value (m/s), 1/kg
  std::vector<std::array<int, 2>> slip_of;   ///< slip sample k -> (occluded face, side)
  GhostCells ghosts;
  std::vector<std::array<int32_t, 2>> ghost_flux;  ///< occluded face -> flux unknown per side
  std::vector<int32_t> link_flux;                  ///< ghost link -> flux unknown

  ProjectionUnknowns(const GridGeometry& grid, const OccludedFaces& o) : g(grid), occ(o) {}
  int64_t count() const { return static_cast<int64_t>(ustar.size()); }
  bool liquid(const Vec3i& c) const {
    return (c.array() >= 0).all() && (c.array() < g.n.array()).all() && row(c.x(), c.y(), c.z()) >= 0;
  }
  /// The unknown of face (axis, f) as seen from cell c (one of its two cells).
  int32_t seen_from(int axis, const Vec3i& f, const Vec3i& c) const {
    const int32_t o = occ.at(axis, f);
    if (o >= 0) return side[o][c[axis] == f[axis] ? 1 : 0];
    return face[axis](f.x(), f.y(), f.z());
  }
  int32_t add(double u, double inverse_mass) {
    ustar.push_back(u);
    inv_mass.push_back(inverse_mass);
    return static_cast<int32_t>(ustar.size() - 1);
  }
};

/// The unknowns of projecting `liquid.velocity` (v*); the free surface's ghost-fluid jump
/// (p = sigma kappa beyond it, `curvature` in 1/m or null) goes into v*.
ProjectionUnknowns number_unknowns(const LiquidState& liquid, const OccludedFaces& occluded,
                                   const ScalarGrid* curvature, const SlipProjectionParams& params);

}  // namespace ripple
