#include "ripple/contact/segment_triangle.hpp"

#include <algorithm>

namespace ripple {

namespace {
double orient(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) { return (b - a).cross(c - a).dot(d - a); }
}  // namespace

bool segment_meets_triangle(const Vec3& p, const Vec3& q, const Vec3& a, const Vec3& b, const Vec3& c) {
  const double scale = std::max({(q - p).norm(), (b - a).norm(), (c - a).norm(), (p - a).norm()});
  const double eps = 1e-12 * scale * scale * scale;
  auto sign = [eps](double v) { return v > eps ? 1 : (v < -eps ? -1 : 0); };
  const int op = sign(orient(a, b, c, p)), oq = sign(orient(a, b, c, q));
  if (op == 0 && oq == 0) return false;  // in the plane
  if (op * oq > 0) return false;         // both ends on one side
  // The segment's line against the three edges: all on one side (or on an edge) means it
  // passes through the closed triangle.
  const int s0 = sign(orient(p, q, a, b)), s1 = sign(orient(p, q, b, c)), s2 = sign(orient(p, q, c, a));
  return (s0 >= 0 && s1 >= 0 && s2 >= 0) || (s0 <= 0 && s1 <= 0 && s2 <= 0);
}

}  // namespace ripple
