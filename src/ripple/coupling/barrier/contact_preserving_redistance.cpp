#include "ripple/coupling/barrier/contact_preserving_redistance.hpp"

#include "ripple/grid/interpolation.hpp"
#include "ripple/grid/redistance.hpp"

namespace ripple {

int64_t redistance_keeping_contacts(ScalarGrid& phi, const GridGeometry& g, double band_cells,
                                    const std::vector<BarrierPoint>& points, const VectorX& x,
                                    LevelSetInterpolation kind, double reach) {
  const ScalarGrid before = phi;
  redistance(phi, g.dx, band_cells);
  const int P = samples_per_axis(kind);
  const Vec3i hi = g.n - Vec3i::Ones();
  int64_t restored = 0;
  for (const BarrierPoint& point : points) {
    const Vec3 p = point_position(point, x);
    if (sample(before, g, cell_sample_offset(), p) - point.thickness >= reach) continue;
    // The point's stencil now and one cell around it: the next solve's first iterations
    // (quadratic stencils move with the vertex) still read optimised values.
    const LevelSetStencil st = level_set_stencil(g, p, kind);
    for (int a = -1; a <= P; ++a)
      for (int b = -1; b <= P; ++b)
        for (int c = -1; c <= P; ++c) {
          const Vec3i cell = (st.base + Vec3i(a, b, c)).cwiseMax(Vec3i::Zero()).cwiseMin(hi);
          double& now = phi(cell.x(), cell.y(), cell.z());
          const double old = before(cell.x(), cell.y(), cell.z());
          if (now != old) {
            now = old;
            ++restored;
          }
        }
  }
  return restored;
}

}  // namespace ripple
