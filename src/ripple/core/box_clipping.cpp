#include "ripple/core/box_clipping.hpp"

#include <algorithm>

namespace ripple {

std::vector<Vec3> clip_polygon_to_box(std::vector<Vec3> poly, const Aabb& box) {
  std::vector<Vec3> out;
  for (int axis = 0; axis < 3; ++axis)
    for (int side = 0; side < 2; ++side) {
      if (poly.empty()) return poly;
      // Keep s * (p[axis] - bound) <= 0: below the upper bound, above the lower one.
      const double bound = side ? box.hi[axis] : box.lo[axis];
      const double s = side ? 1.0 : -1.0;
      out.clear();
      for (size_t i = 0; i < poly.size(); ++i) {
        const Vec3& p = poly[i];
        const Vec3& q = poly[(i + 1) % poly.size()];
        const double dp = s * (p[axis] - bound), dq = s * (q[axis] - bound);
        if (dp <= 0.0) out.push_back(p);
        if ((dp < 0.0 && dq > 0.0) || (dp > 0.0 && dq < 0.0)) {
          Vec3 r = p + (dp / (dp - dq)) * (q - p);
          r[axis] = bound;  // exactly on the plane
          out.push_back(r);
        }
      }
      poly.swap(out);
    }
  return poly;
}

double polygon_area(const std::vector<Vec3>& poly) {
  Vec3 n = Vec3::Zero();
  for (size_t i = 1; i + 1 < poly.size(); ++i) n += (poly[i] - poly[0]).cross(poly[i + 1] - poly[0]);
  return 0.5 * n.norm();
}

std::pair<double, double> clip_segment_to_box(const Vec3& a, const Vec3& b, const Aabb& box) {
  double t0 = 0.0, t1 = 1.0;
  const Vec3 d = b - a;
  for (int axis = 0; axis < 3; ++axis) {
    if (d[axis] == 0.0) {
      if (a[axis] < box.lo[axis] || a[axis] > box.hi[axis]) return {1.0, 0.0};
      continue;
    }
    double ta = (box.lo[axis] - a[axis]) / d[axis], tb = (box.hi[axis] - a[axis]) / d[axis];
    if (ta > tb) std::swap(ta, tb);
    t0 = std::max(t0, ta);
    t1 = std::min(t1, tb);
  }
  return {t0, t1};
}

}  // namespace ripple
