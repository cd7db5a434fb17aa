#include "ripple/coupling/slip/collidable_advection.hpp"

#include "ripple/coupling/slip/masked_trilinear.hpp"

#include <algorithm>
#include <array>

#include "ripple/core/parallel.hpp"

namespace ripple {

CollidableGridAdvection::CollidableGridAdvection(const CollidableVelocity& velocity, const SurfaceBins& bins,
                                                 const SurfaceCrossingFilter* sweep, double unseen)
    : velocity_(velocity), bins_(bins), unseen_(unseen) {
  const GridGeometry& g = bins.grid();
  near_ = Array3<uint8_t>(g.n, 0);
  swept_ = Array3<uint8_t>(g.n, 0);
  // Within a cell of the surface, widened by its largest move (a centre it swept lies between
  // where it was and where it is).
  const Vec3 reach = Vec3::Constant(1.01 * g.dx + (sweep ? sweep->max_motion() : 0.0));
  // A swept centre: one the surface's motion over the step carries to its other side (the
  // crossing filter moves a point standing still there).
  parallel_for(0, swept_.size(), [&](int64_t idx) {
    const Vec3i c = swept_.coords(idx);
    const Vec3 x = g.cell_center(c.x(), c.y(), c.z());
    if (bins.triangles_near(x - reach, x + reach).empty()) return;
    near_[idx] = 1;
    if (!sweep) return;
    Vec3 moved = x;
    sweep->apply(x, moved);
    if (moved != x) swept_[idx] = 1;
  });
  // Cells next to a swept one use the collidable stencil too.
  for (int64_t idx = 0; idx < swept_.size(); ++idx) {
    if (!swept_[idx]) continue;
    const Vec3i c = swept_.coords(idx);
    for (int k = std::max(0, c.z() - 1); k <= std::min(g.n.z() - 1, c.z() + 1); ++k)
      for (int j = std::max(0, c.y() - 1); j <= std::min(g.n.y() - 1, c.y() + 1); ++j)
        for (int i = std::max(0, c.x() - 1); i <= std::min(g.n.x() - 1, c.x() + 1); ++i) near_(i, j, k) = 1;
  }
  hooks_.velocity = [this](const Vec3& x) { return velocity_.sample(x); };
  hooks_.keep_side = [this](const Vec3& x, Vec3& back) { keep_side(x, back); };
  hooks_.cell_scalar = [this](const ScalarGrid& q, const Vec3& x) { return cell_scalar(q, x); };
}

void CollidableGridAdvection::keep_side(const Vec3& x, Vec3& back) const {
  // A short path far from every surface cannot meet one; a long one (cfl above 1) is tested.
  if (!velocity_.near_surface(x) && !velocity_.near_surface(back) && (back - x).norm() <= bins_.grid().dx) return;
  if (bins_.visible(x, back)) return;
  // Bisection for the last visible point of the path (to 1/1024 of its length).
  double lo = 0.0, hi = 1.0;
  for (int it = 0; it < 10; ++it) {
    const double mid = 0.5 * (lo + hi);
    if (bins_.visible(x, x + mid * (back - x))) lo = mid;
    else hi = mid;
  }
  back = x + lo * (back - x);
}

double CollidableGridAdvection::cell_scalar(const ScalarGrid& q, const Vec3& x) const {
  const GridGeometry& g = bins_.grid();
  const Vec3 s = g.to_index_space(x, cell_sample_offset());
  Vec3i base;
  Vec3 frac;
  for (int d = 0; d < 3; ++d) linear_stencil(s[d], g.n[d], base[d], frac[d]);
  bool near = false;
  for (int corner = 0; corner < 8 && !near; ++corner) {
    Vec3i c = base;
    for (int d = 0; d < 3; ++d) c[d] = std::min(c[d] + ((corner >> d) & 1), g.n[d] - 1);
    near = near_(c.x(), c.y(), c.z()) != 0;
  }
  if (!near) return sample(q, g, cell_sample_offset(), x);
  MaskedTrilinear out;
  for (int corner = 0; corner < 8; ++corner) {
    const double w = trilinear_corner_weight(frac, corner);
    if (w <= 0.0) continue;
    Vec3i c = base;
    for (int d = 0; d < 3; ++d) c[d] = std::min(c[d] + ((corner >> d) & 1), g.n[d] - 1);
    if (swept(c) || !bins_.visible(x, g.cell_center(c.x(), c.y(), c.z()))) out.add_invalid(w);
    else out.add_valid(w, q(c.x(), c.y(), c.z()));
  }
  return out.any_valid() ? out.value() : unseen_;
}

}  // namespace ripple
