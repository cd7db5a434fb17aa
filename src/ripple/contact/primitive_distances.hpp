#pragma once
// Squared distances between points, infinite lines and planes, with exact gradients and
// Hessians (the building blocks of the IPC distances, Li et al. 2020, Sec. 4 and supplement).
// Stencil order: point-point (p, q); point-line (p, e0, e1); point-plane (p, t0, t1, t2);
// line-line (ea0, ea1, eb0, eb1). Gradients are stacked per vertex (x, y, z of the first
// vertex, then the second ...). All lengths in world units (m), values in m^2.
#include "ripple/core/derivatives.hpp"

namespace ripple {

double point_point_distance_sq(const Vec3& p, const Vec3& q);
Derivatives<6> point_point_distance_sq_derivatives(const Vec3& p, const Vec3& q);

/// Distance to the infinite line through e0, e1 (e0 != e1).
double point_line_distance_sq(const Vec3& p, const Vec3& e0, const Vec3& e1);
Derivatives<9> point_line_distance_sq_derivatives(const Vec3& p, const Vec3& e0, const Vec3& e1);

/// Distance to the plane through t0, t1, t2 (a non-degenerate triangle).
double point_plane_distance_sq(const Vec3& p, const Vec3& t0, const Vec3& t1, const Vec3& t2);
Derivatives<12> point_plane_distance_sq_derivatives(const Vec3& p, const Vec3& t0, const Vec3& t1,
                                                    const Vec3& t2);

/// Distance between the infinite lines through (ea0, ea1) and (eb0, eb1) (not parallel).
double line_line_distance_sq(const Vec3& ea0, const Vec3& ea1, const Vec3& eb0, const Vec3& eb1);
Derivatives<12> line_line_distance_sq_derivatives(const Vec3& ea0, const Vec3& ea1, const Vec3& eb0,
                                                  const Vec3& eb1);

/// |(ea1 - ea0) x (eb1 - eb0)|^2, the quantity the edge-edge mollifier watches (m^4).
Derivatives<12> edge_cross_norm_sq_derivatives(const Vec3& ea0, const Vec3& ea1, const Vec3& eb0,
                                               const Vec3& eb1);

}  // namespace ripple
