#pragma once
// Incompressibility as a position-level constraint (Liu et al. 2025, Eq. 10-11): the volume
// of each connected liquid component, measured through the smoothed Heaviside of its level-set
// unknowns, V_i(phi) = V_fixed,i + sum_{c in i} H(phi_c) V_c, equals its initial V0_i.
// Cells deeper than the narrow band are not unknowns and count in V_fixed.
#include <cmath>
#include <vector>

#include "ripple/solver/equality_constraint.hpp"

namespace ripple {

struct LiquidComponent {
  std::vector<int> dofs;      ///< solver coordinates holding this component's phi unknowns
  double fixed_volume = 0.0;  ///< m^3 of the component outside the unknowns
  double target = 0.0;        ///< m^3, V0
};

class LiquidVolumeConstraint : public EqualityConstraint {
 public:
  /// `cell_volume` V_c in m^3, `sharpness` k of H in 1/m; component i counts as met once
  /// |V_i - V0_i| <= `relative_tolerance` V0_i. Each its own: a shared absolute tolerance set
  /// by the smallest component (a splash's droplet) asked the large ones for volume errors
  /// below round-off, and their solves ran to the iteration cap.
  LiquidVolumeConstraint(std::vector<LiquidComponent> components, double cell_volume, double sharpness,
                         double relative_tolerance)
      : components_(std::move(components)),
        cell_volume_(cell_volume),
        sharpness_(sharpness),
        relative_tolerance_(relative_tolerance) {}
  int count() const override { return static_cast<int>(components_.size()); }
  void evaluate(const VectorX& z, VectorX& values, std::vector<Eigen::SparseVector<double>>* jacobian) const override;
  double tolerance(int i) const override { return relative_tolerance_ * std::abs(components_[i].target); }
  /// V_i(phi) (m^3) of component i at z.
  double volume(const VectorX& z, int i) const;

 private:
  std::vector<LiquidComponent> components_;
  double cell_volume_, sharpness_, relative_tolerance_;
};

}  // namespace ripple
