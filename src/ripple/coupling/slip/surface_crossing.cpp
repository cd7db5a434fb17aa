#include "ripple/coupling/slip/surface_crossing.hpp"

#include <algorithm>

#include "ripple/contact/additive_ccd.hpp"
#include "ripple/contact/point_triangle_distance.hpp"

namespace ripple {

namespace {

/// Smallest gap (in cells) a stopped particle keeps from the surface: far above float rounding.
constexpr double kMinGap = 1e-4;

/// Signed distance (m) of p from the plane of triangle (a, b, c), along its unit normal n.
double plane_distance(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c, Vec3& n) {
  n = (b - a).cross(c - a);
  const double len = n.norm();
  n = len > 0.0 ? Vec3(n / len) : Vec3::Zero();
  return (p - a).dot(n);
}

}  // namespace

SurfaceCrossingFilter::SurfaceCrossingFilter(const SlipSurface& start, const SlipSurface& end,
                                             const SurfaceBins& end_bins)
    : start_(start), end_(end), bins_(end_bins), moving_(start.x.size() == end.x.size()) {
  // A triangle may have moved more than a cell: widen the search by the surface's largest move.
  if (moving_)
    for (size_t v = 0; v < end.x.size(); ++v) max_motion_ = std::max(max_motion_, (end.x[v] - start.x[v]).norm());
}

void SurfaceCrossingFilter::apply(const Vec3& x0, Vec3& x1) const {
  const double dx = bins_.grid().dx;
  const Vec3 reach = Vec3::Constant(dx + max_motion_);
  CcdOptions ccd;
  ccd.min_separation = 0.5;  // stop at half the gap: what is left keeps the particle on its side
  ccd.max_iterations = 1000;
  double toi = 1.0;
  int hit = -1;
  for (int t : bins_.triangles_near(x0.cwiseMin(x1) - reach, x0.cwiseMax(x1) + reach)) {
    const auto& tri = end_.triangles[t];
    const SlipSurface& s0 = moving_ ? start_ : end_;
    const double ti = point_triangle_ccd(x0, s0.x[tri[0]], s0.x[tri[1]], s0.x[tri[2]], x1, end_.x[tri[0]],
                                         end_.x[tri[1]], end_.x[tri[2]], ccd);
    if (!(ti < toi)) continue;
    // CCD stops early (at half the gap, or at its iteration cap) also for a particle that only
    // comes close: only a move that ends on the other side of the triangle's plane is a crossing,
    // else a particle sliding along a surface would stick to it.
    Vec3 n0, n1;
    const double d0 = plane_distance(x0, s0.x[tri[0]], s0.x[tri[1]], s0.x[tri[2]], n0);
    const double d1 = plane_distance(x1, end_.x[tri[0]], end_.x[tri[1]], end_.x[tri[2]], n1);
    if (d0 * d1 > 0.0) continue;
    toi = ti;
    hit = t;
  }
  if (hit < 0) return;
  // Stop at the time of impact, then ride along with the triangle's nearest point.
  const auto& tri = end_.triangles[hit];
  const SlipSurface& s0 = moving_ ? start_ : end_;
  Vec3 at[3], end[3];
  for (int k = 0; k < 3; ++k) {
    at[k] = s0.x[tri[k]] + toi * (end_.x[tri[k]] - s0.x[tri[k]]);
    end[k] = end_.x[tri[k]];
  }
  const Vec3 p = x0 + toi * (x1 - x0);
  const Vec3 q = closest_point_on_triangle(p, at[0], at[1], at[2]);
  const Vec3 e1 = at[1] - at[0], e2 = at[2] - at[0], r = q - at[0];
  const double d00 = e1.dot(e1), d01 = e1.dot(e2), d11 = e2.dot(e2), d20 = r.dot(e1), d21 = r.dot(e2);
  const double den = d00 * d11 - d01 * d01;
  Vec3 moved = Vec3::Zero();
  if (den > 0.0) {
    const double v = (d11 * d20 - d01 * d21) / den, w = (d00 * d21 - d01 * d20) / den, u = 1.0 - v - w;
    moved = u * (end[0] - at[0]) + v * (end[1] - at[1]) + w * (end[2] - at[2]);
  }
  x1 = p + moved;
  // Keep a gap the particles' single-precision positions can hold, on the particle's side.
  Vec3 n0, n1;
  const double side = plane_distance(x0, s0.x[tri[0]], s0.x[tri[1]], s0.x[tri[2]], n0) >= 0.0 ? 1.0 : -1.0;
  const double gap = side * plane_distance(x1, end[0], end[1], end[2], n1), min_gap = kMinGap * dx;
  if (gap < min_gap) x1 += (min_gap - gap) * side * n1;
}

}  // namespace ripple
