#pragma once
// Ghost cells (Robinson-Mosher et al. 2009, Sec. 3.2, Fig. 3d and 4): behind every occluded face
// a liquid cell sees a ghost cell at the location of the cell across, so that flow tangential
// to the solid can pass the grid's stair steps. Ghost cells at one location are merged when
// their real cells lie in each other's two-ring (a path through at most two open faces), and
// two ghost cells at neighbouring locations are linked by a velocity unknown when their real
// cells lie in each other's one-ring. Every connected set of ghost cells conserves mass exactly:
// what flows into it from real cells flows out to real cells.
#include <array>
#include <functional>
#include <vector>

#include "ripple/coupling/slip/occluded_faces.hpp"

namespace ripple {

struct GhostCells {
  /// Per occluded face and side (0 lower, 1 upper): the ghost cell the liquid cell on that
  /// side sees through it, -1 when that cell is not liquid.
  std::vector<std::array<int32_t, 2>> of_side;
  std::vector<Vec3i> location;  ///< per ghost cell: the grid cell it shares its place with
  std::vector<std::vector<Vec3i>> real_cells;  ///< per ghost cell: the liquid cells that see it
  /// Linked neighbours (lower, upper): upper's location is lower's + e_axis.
  std::vector<std::array<int32_t, 2>> links;
  std::vector<int> link_axis;
  int32_t count() const { return static_cast<int32_t>(location.size()); }
};

/// The ghost cells of the liquid cells (`liquid(c)`) next to occluded faces.
GhostCells build_ghost_cells(const GridGeometry& grid, const OccludedFaces& occluded,
                             const std::function<bool(const Vec3i&)>& liquid);

}  // namespace ripple
