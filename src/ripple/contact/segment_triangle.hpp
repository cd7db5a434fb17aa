#pragma once
// Does a segment meet a triangle, touching included? The closed test a visibility ray needs:
// a ray that passes exactly through an edge or a vertex shared by two triangles must be stopped
// by one of them, or liquid leaks through a closed shell there.
#include "ripple/core/types.hpp"

namespace ripple {

/// True when segment (p, q) meets the closed triangle (a, b, c). Signed volumes within 1e-12 of
/// the configuration's size cubed count as zero, so touching counts as meeting. A segment lying
/// in the triangle's plane does not meet it (a ray along a sheet is not stopped by it).
bool segment_meets_triangle(const Vec3& p, const Vec3& q, const Vec3& a, const Vec3& b, const Vec3& c);

}  // namespace ripple
