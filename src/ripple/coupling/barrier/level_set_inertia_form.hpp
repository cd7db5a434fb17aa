#pragma once
// The liquid's inertia in the coupled optimisation (Liu et al. 2025, Eq. 10 and 22):
// 1/2 (phi - phi*)^T M_f (phi - phi*) over the narrow-band level-set unknowns, equal to the
// paper's 1/2 phi^T M_f phi - phi^T M_f phi* up to a constant. M_f = diag(rho(phi_c) V_c) with
// the smoothed density of Eq. 13, rho = (rho_l - rho_a) H(phi) + rho_a, refreshed from the
// current phi at the start of every Newton iteration and held during its line search.
#include <vector>

#include "ripple/solver/form.hpp"

namespace ripple {

struct LevelSetInertiaSettings {
  double cell_volume = 1.0;       ///< V_c (m^3)
  double sharpness = 1.0;         ///< k of the smoothed Heaviside (1/m)
  double liquid_density = 1000.0; ///< rho_l (kg/m^3)
  double air_density = 1.0;       ///< rho_a (kg/m^3)
};

class LevelSetInertiaForm : public Form {
 public:
  /// `dofs[i]` is the solver coordinate of unknown i, whose predicted value is `predicted[i]`.
  LevelSetInertiaForm(std::vector<int> dofs, VectorX predicted, const LevelSetInertiaSettings& settings);
  std::string name() const override { return "liquid_inertia"; }
  double value(const VectorX& z) const override;
  void add_derivatives(const VectorX& z, VectorX& gradient, std::vector<Triplet>* hessian) const override;
  bool fixed_hessian_pattern() const override { return true; }
  void begin_iteration(const VectorX& z) override { update_masses(z); }
  /// Sets M_f from phi at z (kg per unknown).
  void update_masses(const VectorX& z);
  const VectorX& masses() const { return mass_; }

 private:
  std::vector<int> dofs_;
  VectorX predicted_, mass_;
  LevelSetInertiaSettings settings_;
};

}  // namespace ripple
