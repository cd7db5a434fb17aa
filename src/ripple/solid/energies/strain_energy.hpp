#pragma once
// Hyperelastic energy densities Psi(F) (J/m^3, or J/m^2 times thickness for membranes) with
// first Piola-Kirchhoff stress and its derivative, all over vec(F) (column-major), and the
// element energy V Psi(F(x)) they give with derivatives over the element's vertices.
#include <Eigen/Core>

#include "ripple/core/derivatives.hpp"
#include "ripple/solid/energies/deformation_gradient.hpp"
#include "ripple/solid/psd_projection.hpp"

namespace ripple {

/// Lame parameters (Pa) from Young's modulus (Pa) and Poisson's ratio.
struct Lame {
  double mu = 0.0;
  double lambda = 0.0;
  static Lame from_young_poisson(double young, double poisson) {
    return {young / (2.0 * (1.0 + poisson)), young * poisson / ((1.0 + poisson) * (1.0 - 2.0 * poisson))};
  }
  /// Plane-stress Lame parameters for thin shells' membranes.
  static Lame plane_stress(double young, double poisson) {
    return {young / (2.0 * (1.0 + poisson)), young * poisson / (1.0 - poisson * poisson)};
  }
};

template <int C>
struct EnergyDensity {
  double psi = 0.0;
  Eigen::Matrix<double, 3 * C, 1> stress = Eigen::Matrix<double, 3 * C, 1>::Zero();  ///< vec(dPsi/dF)
  Eigen::Matrix<double, 3 * C, 3 * C> stress_derivative = Eigen::Matrix<double, 3 * C, 3 * C>::Zero();
};

/// St. Venant-Kirchhoff on a 3 x 2 membrane F: Psi = mu |E|^2 + lambda/2 tr(E)^2,
/// E = (F^T F - I) / 2.
EnergyDensity<2> stvk_membrane_density(const Eigen::Matrix<double, 3, 2>& F, const Lame& lame);

/// Stable neo-Hookean (Smith, de Goes and Kim 2018, Eq. 14 with the log term):
/// Psi = mu/2 (I_C - 3) + lambda/2 (J - alpha)^2 - mu/2 ln(I_C + 1), alpha = 1 + 3 mu / (4 lambda),
/// with mu, lambda re-parametrised (Sec. 3.4: 4/3 mu, lambda + 5/6 mu) so that it matches
/// linear elasticity with the given Lame parameters at small strain. Defined for inverted F.
EnergyDensity<3> stable_neohookean_density(const Mat3& F, const Lame& lame);

/// Corotated linear elasticity with a rotation R held fixed over the time step (Mueller and
/// Gross 2004): Psi = mu |F - R|^2 + lambda/2 tr(R^T F - I)^2. Quadratic in F.
EnergyDensity<3> corotated_linear_density(const Mat3& F, const Mat3& R, const Lame& lame);

/// Rotation of the polar decomposition F = R S (det R = +1, also for inverted F).
Mat3 polar_rotation(const Mat3& F);

/// Element energy measure * scale * Psi(F(x)) with derivatives over the 3(C+1) vertex
/// coordinates; the Hessian is projected to PSD in F-space when `project` is set.
template <int C>
Derivatives<3 * (C + 1)> element_energy(const ElementRest<C>& rest, double scale, const EnergyDensity<C>& d,
                                        bool project) {
  Derivatives<3 * (C + 1)> e;
  const double w = std::abs(rest.measure) * scale;
  e.value = w * d.psi;
  e.gradient = w * rest.dF_dx.transpose() * d.stress;
  const Eigen::Matrix<double, 3 * C, 3 * C> h = project ? project_psd<3 * C>(d.stress_derivative) : d.stress_derivative;
  const Eigen::Matrix<double, 3 * (C + 1), 3 * C> jt_h = rest.dF_dx.transpose().lazyProduct(h);  // no GEMM path
  e.hessian = w * jt_h.lazyProduct(rest.dF_dx);
  return e;
}

}  // namespace ripple
