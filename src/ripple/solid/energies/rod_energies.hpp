#pragma once
// Rod energies for polylines and graphs (an isotropic, twist-free reduction of discrete
// elastic rods, Bergou et al. 2008): stretching per edge and bending per pair of edges
// meeting at a vertex. For a round cross-section of radius r: stretching stiffness
// k_s = E pi r^2 (N), bending stiffness k_b = E pi r^4 / 4 (N m^2).
#include "ripple/core/derivatives.hpp"

namespace ripple {

/// E = k_s / (2 l) (|x1 - x0| - l)^2 over (x0, x1), l the rest length (m).
Derivatives<6> rod_stretching_energy(const Eigen::Matrix<double, 6, 1>& x, double stretch_stiffness,
                                     double rest_length, bool project);

/// Integrated curvature at the middle vertex of (x0, x1, x2): kappa = 2 tan(phi / 2) =
/// 2 |e0 x e1| / (|e0| |e1| + e0 . e1), phi the turning angle (DER, Eq. 1).
double rod_curvature(const Vec3& x0, const Vec3& x1, const Vec3& x2);

/// E = k_b / L (kappa - kappa_rest)^2 with L = l0 + l1 the two rest edge lengths, which for
/// a uniformly bent rod stores k_b/2 kappa^2 per length (DER, Eq. 3). Stencil (x0, x1, x2).
Derivatives<9> rod_bending_energy(const Eigen::Matrix<double, 9, 1>& x, double bend_stiffness,
                                  double rest_curvature, double rest_length_sum, bool project);

}  // namespace ripple
