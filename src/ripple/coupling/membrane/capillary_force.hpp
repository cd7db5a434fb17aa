#pragma once
// Surface tension on the membrane (Ruan et al. 2021, Sec. 4.2): the surface energy
// E = sigma A (Eq. 4) of the free triangles, the capillary forces f_c = -sigma dA/dx (Eq. 9-10)
// and the all-directional implicit stiffness K_c (Eq. 11, after Zheng et al. 2015): per
// triangle and edge ij, sigma cot(theta_ij) / 2 [I -I; -I I] with theta_ij the angle opposite
// the edge. K_c is sigma times the cotangent Laplacian, the same in x, y and z, so it is kept
// as one #V by #V matrix L_c with K_c = L_c (x) I_3; per triangle it is linear finite elements'
// stiffness, positive semi-definite even for obtuse triangles. Triangles on a body carry no
// energy (liquid-solid and air-solid energies equal: a 90-degree contact angle). Triangles on a
// wall carry the wetting energy (sigma_SL - sigma_SA) A = -sigma cos(theta) A of their side
// (Young's law), which pulls the contact line until the membrane meets the wall at theta; it
// enters explicitly (its stiffness is negative for theta < 90 degrees).
#include <array>
#include <vector>

#include <Eigen/SparseCore>

#include "ripple/core/types.hpp"
#include "ripple/coupling/membrane/liquid_membrane.hpp"

namespace ripple {

/// sigma times the area of the triangles not in contact (J); sigma in N/m.
double capillary_energy(const LiquidMembrane& m, double sigma);

/// f_c (N) per particle, Eq. 10: each triangle (i, j, k) pulls i with sigma/2 (x_k - x_j) x n.
std::vector<Vec3> capillary_forces(const LiquidMembrane& m, double sigma);

/// The walls' wetting forces (N) per particle: each wall triangle pulls its particles as in
/// Eq. 10 with the coefficient -sigma cos(theta_s) of its side s (x_min, x_max, y_min, ...);
/// contact angles in radians, measured through the liquid.
std::vector<Vec3> wetting_forces(const LiquidMembrane& m, double sigma, const std::array<double, 6>& contact_angle);

/// L_c (N/m), #V by #V, with K_c = L_c (x) I_3 (Eq. 11). f_c = -L_c x holds exactly (the area
/// gradient is the cotangent Laplacian of the positions).
Eigen::SparseMatrix<double> capillary_stiffness(const LiquidMembrane& m, double sigma);

/// The wall triangles' part of the implicit stiffness, as L_c with each side's coefficient
/// -sigma cos(theta_s) where it is positive (theta_s > 90 degrees); zero elsewhere.
Eigen::SparseMatrix<double> wetting_stiffness(const LiquidMembrane& m, double sigma,
                                              const std::array<double, 6>& contact_angle);

}  // namespace ripple
