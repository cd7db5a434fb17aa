#pragma once
// Discrete-shell hinge bending (Grinspun et al. 2003): per interior edge,
// E = k (theta - theta_rest)^2 with k = D |e_rest|^2 / (2 A_rest), A_rest the two triangles'
// rest area and D = E h^3 / (12 (1 - nu^2)) the flexural rigidity (N m). With this k a
// regular grid bent into a cylinder of curvature kappa stores exactly D/2 kappa^2 per area.
// Stencil (x0, x1, x2, x3): x0-x1 the shared edge, x2 and x3 the opposite vertices.
#include "ripple/core/derivatives.hpp"

namespace ripple {

/// Signed dihedral angle (rad) of the hinge, 0 when flat, in (-pi, pi].
double dihedral_angle(const Vec3& x0, const Vec3& x1, const Vec3& x2, const Vec3& x3);
/// With `hessian` false the Hessian is left zero (cheaper).
Derivatives<12> dihedral_angle_derivatives(const Vec3& x0, const Vec3& x1, const Vec3& x2, const Vec3& x3,
                                           bool hessian = true);

/// How the hinge Hessian is formed: `exact` (indefinite; for derivative checks),
/// `projected` (exact, eigenvalues clamped at zero) or `gauss_newton` (2k grad(theta) grad(theta)^T,
/// PSD by construction and about 3x cheaper; measured to need no more Newton iterations).
enum class HingeHessian { exact, projected, gauss_newton };

/// Hinge energy k (theta - rest_angle)^2 over the stencil.
Derivatives<12> hinge_bending_energy(const Eigen::Matrix<double, 12, 1>& x, double stiffness, double rest_angle,
                                     HingeHessian mode);

}  // namespace ripple
