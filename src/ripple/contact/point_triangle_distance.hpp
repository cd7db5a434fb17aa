#pragma once
// Closest point on a triangle (Ericson, "Real-Time Collision Detection", Sec. 5.1.5).
#include "ripple/core/types.hpp"

namespace ripple {

/// Closest point to p on triangle (a, b, c).
Vec3 closest_point_on_triangle(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c);

}  // namespace ripple
