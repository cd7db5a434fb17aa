#pragma once
// The edge-edge mollifier (Li et al. 2020, supplement Sec. 2): nearly parallel edges can
// slide along each other with the closest-feature type jumping, which makes the edge-edge
// barrier non-smooth; multiplying it by m(c), c = |ea x eb|^2, which vanishes smoothly as the
// edges become parallel, restores C1 continuity.
#include "ripple/contact/barrier.hpp"
#include "ripple/contact/primitive_distances.hpp"

namespace ripple {

/// eps_x = 1e-3 |ea0 - ea1|^2 |eb0 - eb1|^2 at the rest positions (m^4).
double edge_edge_mollifier_threshold(const Vec3& ea0_rest, const Vec3& ea1_rest, const Vec3& eb0_rest,
                                     const Vec3& eb1_rest);

/// m(c) = -c^2/eps^2 + 2c/eps for c < eps, else 1; derivatives with respect to c.
ScalarDerivatives edge_edge_mollifier(double c, double eps_x);

/// m(c(x)) over the edge-edge stencil (ea0, ea1, eb0, eb1).
Derivatives<12> edge_edge_mollifier_derivatives(const Vec3& ea0, const Vec3& ea1, const Vec3& eb0,
                                                const Vec3& eb1, double eps_x);

}  // namespace ripple
