#pragma once
// All elastic energies of the solids (membranes, hinges, rods, tetrahedra, rigid bodies'
// orthogonality potential) as one form, times a weight (dt^2 in the incremental potential).
#include "ripple/solid/energies/discrete_shell_bending.hpp"
#include "ripple/solid/solid_model.hpp"
#include "ripple/solver/form.hpp"

namespace ripple {

class ElasticForm : public Form {
 public:
  ElasticForm(const SolidModel& model, double weight) : m_(model), weight_(weight) {}
  std::string name() const override { return "elastic"; }
  bool fixed_hessian_pattern() const override { return true; }
  double value(const VectorX& z) const override { return weight_ * energy(z); }
  void add_derivatives(const VectorX& z, VectorX& gradient, std::vector<Triplet>* hessian) const override {
    add_scaled(z, weight_, nullptr, gradient, hessian);
  }
  /// Unweighted elastic energy (J).
  double energy(const VectorX& z) const;
  /// Derivatives times `weight`, each body's elements further times body_scale[body] when given.
  void add_scaled(const VectorX& z, double weight, const std::vector<double>* body_scale, VectorX& gradient,
                  std::vector<Triplet>* hessian) const;
  /// Fixes the corotated tetrahedra's rotations at the polar rotations of configuration z.
  void update_rotations(const VectorX& z);
  /// How hinge Hessians are made PSD (default Gauss-Newton).
  void set_hinge_hessian(HingeHessian mode) { hinge_hessian_ = mode; }
  /// Tetrahedra with det F <= 0 at z.
  int inverted_elements(const VectorX& z) const;

 private:
  const SolidModel& m_;
  double weight_;
  std::vector<Mat3> rotations_;  ///< per tet (corotated model only)
  HingeHessian hinge_hessian_ = HingeHessian::gauss_newton;
};

}  // namespace ripple
