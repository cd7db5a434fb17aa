#include "ripple/coupling/slip/surface_bins.hpp"

#include <algorithm>

#include "ripple/contact/segment_triangle.hpp"
#include "ripple/core/box_clipping.hpp"

namespace ripple {

namespace {

/// Cells whose (slightly grown) box the triangle's clipped area overlaps.
template <class F>
void for_each_overlapped_cell(const GridGeometry& g, const Vec3& a, const Vec3& b, const Vec3& c, F&& f) {
  Aabb box;
  box.extend(a);
  box.extend(b);
  box.extend(c);
  const double grow = 1e-6 * g.dx;
  Vec3i lo, hi;
  for (int d = 0; d < 3; ++d) {
    lo[d] = std::clamp(static_cast<int>(std::floor((box.lo[d] - grow - g.origin[d]) / g.dx)), 0, g.n[d] - 1);
    hi[d] = std::clamp(static_cast<int>(std::floor((box.hi[d] + grow - g.origin[d]) / g.dx)), 0, g.n[d] - 1);
  }
  const bool one_cell = lo == hi;
  for (int k = lo.z(); k <= hi.z(); ++k)
    for (int j = lo.y(); j <= hi.y(); ++j)
      for (int i = lo.x(); i <= hi.x(); ++i) {
        if (!one_cell) {
          Aabb cell;
          cell.lo = g.node(i, j, k) - Vec3::Constant(grow);
          cell.hi = g.node(i + 1, j + 1, k + 1) + Vec3::Constant(grow);
          if (clip_polygon_to_box({a, b, c}, cell).size() < 3) continue;
        }
        f(Vec3i(i, j, k));
      }
}

}  // namespace

SurfaceBins::SurfaceBins(const GridGeometry& grid, const SlipSurface& surface) : grid_(grid), surface_(surface) {
  const int64_t cells = grid.cell_count();
  std::vector<std::vector<int64_t>> hits(surface.triangles.size());
  for (size_t t = 0; t < surface.triangles.size(); ++t) {
    const auto& tri = surface.triangles[t];
    for_each_overlapped_cell(grid, surface.x[tri[0]], surface.x[tri[1]], surface.x[tri[2]],
                             [&](const Vec3i& c) { hits[t].push_back(cell_index(c)); });
  }
  start_.assign(cells + 1, 0);
  for (const auto& h : hits)
    for (int64_t c : h) ++start_[c + 1];
  for (int64_t c = 0; c < cells; ++c) start_[c + 1] += start_[c];
  items_.resize(start_[cells]);
  std::vector<int64_t> fill(start_.begin(), start_.end() - 1);
  for (size_t t = 0; t < hits.size(); ++t)
    for (int64_t c : hits[t]) items_[fill[c]++] = static_cast<int>(t);
}

std::vector<int> SurfaceBins::cell_triangles(const Vec3i& c) const {
  if ((c.array() < 0).any() || (c.array() >= grid_.n.array()).any()) return {};
  const int64_t i = cell_index(c);
  return {items_.begin() + start_[i], items_.begin() + start_[i + 1]};
}

std::vector<int> SurfaceBins::triangles_near(const Vec3& lo, const Vec3& hi) const {
  std::vector<int> out;
  Vec3i a, b;
  for (int d = 0; d < 3; ++d) {
    a[d] = std::max(0, static_cast<int>(std::floor((lo[d] - grid_.origin[d]) / grid_.dx - 1e-6)));
    b[d] = std::min(grid_.n[d] - 1, static_cast<int>(std::floor((hi[d] - grid_.origin[d]) / grid_.dx + 1e-6)));
  }
  for (int k = a.z(); k <= b.z(); ++k)
    for (int j = a.y(); j <= b.y(); ++j)
      for (int i = a.x(); i <= b.x(); ++i) {
        const int64_t c = cell_index({i, j, k});
        out.insert(out.end(), items_.begin() + start_[c], items_.begin() + start_[c + 1]);
      }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

bool SurfaceBins::visible(const Vec3& p, const Vec3& q) const {
  for (int t : triangles_near(p.cwiseMin(q), p.cwiseMax(q))) {
    const auto& tri = surface_.triangles[t];
    if (segment_meets_triangle(p, q, surface_.x[tri[0]], surface_.x[tri[1]], surface_.x[tri[2]])) return false;
  }
  return true;
}

}  // namespace ripple
