#include "ripple/coupling/barrier/liquid_volume_constraint.hpp"

#include "ripple/coupling/barrier/smoothed_heaviside.hpp"

namespace ripple {

double LiquidVolumeConstraint::volume(const VectorX& z, int i) const {
  const LiquidComponent& c = components_[i];
  double v = c.fixed_volume;
  for (int d : c.dofs) v += smoothed_heaviside(z[d], sharpness_).value * cell_volume_;
  return v;
}

void LiquidVolumeConstraint::evaluate(const VectorX& z, VectorX& values,
                                      std::vector<Eigen::SparseVector<double>>* jacobian) const {
  values.resize(count());
  if (jacobian) jacobian->assign(count(), Eigen::SparseVector<double>(z.size()));
  for (int i = 0; i < count(); ++i) {
    values[i] = volume(z, i) - components_[i].target;
    if (!jacobian) continue;
    auto& row = (*jacobian)[i];
    row.reserve(static_cast<Eigen::Index>(components_[i].dofs.size()));
    for (int d : components_[i].dofs) row.coeffRef(d) += smoothed_heaviside(z[d], sharpness_).first * cell_volume_;
  }
}

}  // namespace ripple
