#include "ripple/coupling/slip/surface_crossing.hpp"

#include "ripple/contact/additive_ccd.hpp"
#include "ripple/contact/point_triangle_distance.hpp"

namespace ripple {

SurfaceCrossingFilter::SurfaceCrossingFilter(const SlipSurface& start, const SlipSurface& end,
                                             const SurfaceBins& end_bins)
    : start_(start), end_(end), bins_(end_bins), moving_(start.x.size() == end.x.size()) {}

void SurfaceCrossingFilter::apply(const Vec3& x0, Vec3& x1) const {
  const double dx = bins_.grid().dx;
  const Vec3 reach = Vec3::Constant(dx);
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
    if (ti < toi) toi = ti, hit = t;
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
}

}  // namespace ripple
