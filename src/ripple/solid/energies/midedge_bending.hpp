#pragma once
// Shell bending from a discrete second fundamental form per triangle (mid-edge normals:
// Grinspun et al. 2006, "Computing discrete shape operators on general meshes"; the plate
// energy as in Weischedel 2012 and Chen et al. 2018):
//   II_T = sum_i (theta_i - theta_rest_i) / 2 * (l_i / A) t_i t_i^T,
//   E_T  = A D / 2 [nu tr(II_T)^2 + (1 - nu) tr(II_T^2)],  D = E h^3 / (12 (1 - nu^2)),
// with theta_i the dihedral angle across edge i (opposite vertex i), l_i its rest length,
// t_i the rest in-plane unit normal of that edge and A the rest area. Rest quantities are
// constant, so E_T = 1/2 d^T K_T d over the three angle changes d with a constant 3x3 K_T.
// Unlike the one-hinge energy (discrete_shell_bending.hpp) it has the plate's Poisson term,
// and on regular grids it has no soft zig-zag mode: there, the hinge energy lets a bent strip
// relax 19 % of its bending energy into sub-cell folds (the shell-strip cantilever was 20 %
// too soft with hinges; docs/validation.md).
// Boundary edges have no angle: their mid-edge normals are free, so K_T is the Schur
// complement that minimises the energy over them (a free edge, not a clamped normal).
// Stencil (18 coordinates): the triangle (x0, x1, x2), then the vertex across each edge i
// (x3 + i, across the edge opposite x_i); a missing one repeats x_i and gets zero derivatives.
#include "ripple/core/derivatives.hpp"
#include "ripple/solid/energies/discrete_shell_bending.hpp"

namespace ripple {

/// K_T (N m) of a rest triangle (rest positions x0..x2), for flexural rigidity D (N m) and
/// Poisson's ratio nu; `interior[i]` says whether edge i (opposite x_i) has a neighbour.
/// Rows and columns of boundary edges are zero.
Mat3 midedge_bending_stiffness(const Vec3& x0, const Vec3& x1, const Vec3& x2, const std::array<bool, 3>& interior,
                               double D, double nu);

/// Dihedral angle (rad) across edge i of the stencil, oriented by the triangle (x0, x1, x2):
/// positive when the neighbour folds towards the triangle's normal side.
double midedge_angle(const Eigen::Matrix<double, 18, 1>& x, int i);

/// E_T = 1/2 d^T K d, d_i = angle_i - rest_angle_i (wrapped to (-pi, pi]). `mode` as for hinges:
/// gauss_newton keeps J^T K J (PSD), exact adds sum_i (K d)_i Hess(theta_i), projected clamps
/// the exact Hessian's eigenvalues.
Derivatives<18> midedge_bending_energy(const Eigen::Matrix<double, 18, 1>& x, const Mat3& K, const Vec3& rest_angle,
                                       HingeHessian mode);

}  // namespace ripple
