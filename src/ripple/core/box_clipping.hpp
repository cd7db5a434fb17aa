#pragma once
// Clipping against an axis-aligned box: convex polygons (Sutherland-Hodgman, one plane at a
// time) and segments (Liang-Barsky). Used to weigh solid elements by their overlap with a box
// (the barrier method's face velocities, Liu et al. 2025 Eq. 23) and for cut cells.
#include <utility>
#include <vector>

#include "ripple/core/types.hpp"

namespace ripple {

/// The part of the convex planar polygon inside `box` (closed), as a polygon (maybe empty).
std::vector<Vec3> clip_polygon_to_box(std::vector<Vec3> polygon, const Aabb& box);

/// Area (m^2) of a planar polygon (vertices in order).
double polygon_area(const std::vector<Vec3>& polygon);

/// Parameters [t0, t1] of the part of the segment a + t (b - a), t in [0, 1], inside `box`;
/// t0 > t1 when none is.
std::pair<double, double> clip_segment_to_box(const Vec3& a, const Vec3& b, const Aabb& box);

}  // namespace ripple
