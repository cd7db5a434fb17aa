#include "ripple/coupling/barrier/level_set_inertia_form.hpp"

#include "ripple/coupling/barrier/smoothed_heaviside.hpp"

namespace ripple {

LevelSetInertiaForm::LevelSetInertiaForm(std::vector<int> dofs, VectorX predicted, const LevelSetInertiaSettings& settings)
    : dofs_(std::move(dofs)), predicted_(std::move(predicted)), settings_(settings) {
  mass_ = VectorX::Zero(static_cast<Eigen::Index>(dofs_.size()));
}

void LevelSetInertiaForm::update_masses(const VectorX& z) {
  for (size_t i = 0; i < dofs_.size(); ++i) {
    const double h = smoothed_heaviside(z[dofs_[i]], settings_.sharpness).value;  // Eq. 13
    mass_[i] = ((settings_.liquid_density - settings_.air_density) * h + settings_.air_density) * settings_.cell_volume;
  }
}

double LevelSetInertiaForm::value(const VectorX& z) const {
  double e = 0.0;
  for (size_t i = 0; i < dofs_.size(); ++i) {
    const double d = z[dofs_[i]] - predicted_[i];
    e += 0.5 * mass_[i] * d * d;
  }
  return e;
}

void LevelSetInertiaForm::add_derivatives(const VectorX& z, VectorX& gradient, std::vector<Triplet>* hessian) const {
  for (size_t i = 0; i < dofs_.size(); ++i) {
    gradient[dofs_[i]] += mass_[i] * (z[dofs_[i]] - predicted_[i]);
    if (hessian) hessian->emplace_back(dofs_[i], dofs_[i], mass_[i]);
  }
}

}  // namespace ripple
