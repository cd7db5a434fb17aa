#pragma once
// Squared distances between mesh primitives (point-edge, point-triangle, edge-edge segments),
// classified by which features are closest (the "distance types" of IPC, Li et al. 2020,
// supplement Sec. 1), with derivatives over the whole stencil. Within one type the distance
// is a smooth function (primitive_distances.hpp); the type is chosen per evaluation.
#include "ripple/contact/primitive_distances.hpp"

namespace ripple {

enum class PointEdgeType { P_E0, P_E1, P_E };
enum class PointTriangleType { P_T0, P_T1, P_T2, P_E01, P_E12, P_E20, P_T };
enum class EdgeEdgeType { EA0_EB0, EA0_EB1, EA1_EB0, EA1_EB1, EA_EB0, EA_EB1, EA0_EB, EA1_EB, EA_EB };

PointEdgeType point_edge_type(const Vec3& p, const Vec3& e0, const Vec3& e1);
PointTriangleType point_triangle_type(const Vec3& p, const Vec3& t0, const Vec3& t1, const Vec3& t2);
/// Nearly parallel edges (|ea x eb|^2 < 1e-10 |ea|^2 |eb|^2) are classified by the closest
/// endpoint-to-segment pair, so the line-line formula is never evaluated on parallel lines.
EdgeEdgeType edge_edge_type(const Vec3& ea0, const Vec3& ea1, const Vec3& eb0, const Vec3& eb1);

double point_edge_distance_sq(const Vec3& p, const Vec3& e0, const Vec3& e1);
double point_triangle_distance_sq(const Vec3& p, const Vec3& t0, const Vec3& t1, const Vec3& t2);
double edge_edge_distance_sq(const Vec3& ea0, const Vec3& ea1, const Vec3& eb0, const Vec3& eb1);

/// Stencils (p, e0, e1), (p, t0, t1, t2) and (ea0, ea1, eb0, eb1).
Derivatives<9> point_edge_distance_sq_derivatives(const Vec3& p, const Vec3& e0, const Vec3& e1);
Derivatives<12> point_triangle_distance_sq_derivatives(const Vec3& p, const Vec3& t0, const Vec3& t1,
                                                       const Vec3& t2);
Derivatives<12> edge_edge_distance_sq_derivatives(const Vec3& ea0, const Vec3& ea1, const Vec3& eb0,
                                                  const Vec3& eb1);

}  // namespace ripple
