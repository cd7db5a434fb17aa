#pragma once
// The slip surface's triangles sorted into the grid's cells (a triangle goes into every cell
// its clipped area overlaps), and the visibility rays that the method's stencils are built
// from (Robinson-Mosher et al. 2009, Sec. 3.1 and 3.3): a ray is blocked when it meets any
// triangle, touching included.
#include <vector>

#include "ripple/coupling/slip/slip_surface.hpp"
#include "ripple/grid/grid_geometry.hpp"

namespace ripple {

class SurfaceBins {
 public:
  SurfaceBins(const GridGeometry& grid, const SlipSurface& surface);
  /// Triangles overlapping cell (i, j, k) (empty outside the grid).
  std::vector<int> cell_triangles(const Vec3i& c) const;
  /// Triangles overlapping any cell that the box [lo, hi] (m) touches, each once.
  std::vector<int> triangles_near(const Vec3& lo, const Vec3& hi) const;
  /// Is q visible from p (the segment meets no triangle)? p and q should be within a cell or
  /// two of each other: the search covers the cells of the segment's bounding box.
  bool visible(const Vec3& p, const Vec3& q) const;
  const GridGeometry& grid() const { return grid_; }
  const SlipSurface& surface() const { return surface_; }

 private:
  int64_t cell_index(const Vec3i& c) const { return c.x() + int64_t(grid_.n.x()) * (c.y() + int64_t(grid_.n.y()) * c.z()); }
  GridGeometry grid_;
  const SlipSurface& surface_;
  std::vector<int64_t> start_;  ///< #cells + 1: CSR offsets into `items_`
  std::vector<int> items_;
};

}  // namespace ripple
