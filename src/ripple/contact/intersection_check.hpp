#pragma once
// A predicate-based check (signed volumes with a round-off tolerance), independent of the barrier, for intersections in the
// collision mesh: every edge against every triangle it does not share a vertex with
// (segment-triangle crossing by signed volumes), pruned by a sweep over x. Used for the
// `intersecting_pairs` statistic and the tests' contact invariants.
#include "ripple/contact/collision_mesh.hpp"

namespace ripple {

/// Number of (edge, triangle) pairs whose segment crosses the triangle at positions x.
/// Pairs inside one body without self contact, and pairs of only fixed vertices, are skipped.
int count_intersecting_pairs(const CollisionMesh& mesh, const VectorX& x);

/// Does segment (p, q) properly cross triangle (a, b, c)? Signed volumes within 1e-12 of
/// the configuration's size cubed count as zero: touching and coplanar pairs are not counted.
bool segment_crosses_triangle(const Vec3& p, const Vec3& q, const Vec3& a, const Vec3& b, const Vec3& c);

/// Do triangles (a0, a1, a2) and (b0, b1, b2) properly cross? Two non-coplanar triangles meet
/// along a segment whose ends lie on edges, so this is an edge of one crossing the other
/// (segment_crosses_triangle both ways); touching and coplanar overlaps are not counted.
bool triangles_cross(const Vec3& a0, const Vec3& a1, const Vec3& a2, const Vec3& b0, const Vec3& b1, const Vec3& b2);

}  // namespace ripple
