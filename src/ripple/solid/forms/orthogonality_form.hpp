#pragma once
// The rigid (affine) bodies' orthogonality potential alone (Lan et al. 2022, Eq. 8), times a
// weight: what keeps A a rotation in an optimisation that has no other elastic term (the
// cut-cell coupling's contact filter). ElasticForm adds the same terms through these helpers.
#include "ripple/solid/solid_model.hpp"
#include "ripple/solver/form.hpp"

namespace ripple {

/// sum over free rigid bodies of stiffness * volume * ||A^T A - I||_F^2 (J).
double orthogonality_energy(const SolidModel& model, const VectorX& z);

/// Its derivatives times `weight`, each body's further times body_scale[body] when given.
void add_orthogonality_derivatives(const SolidModel& model, const VectorX& z, double weight,
                                   const std::vector<double>* body_scale, VectorX& gradient,
                                   std::vector<Triplet>* hessian);

class OrthogonalityForm : public Form {
 public:
  OrthogonalityForm(const SolidModel& model, double weight) : m_(model), weight_(weight) {}
  std::string name() const override { return "orthogonality"; }
  bool fixed_hessian_pattern() const override { return true; }
  double value(const VectorX& z) const override { return weight_ * orthogonality_energy(m_, z); }
  void add_derivatives(const VectorX& z, VectorX& gradient, std::vector<Triplet>* hessian) const override {
    add_orthogonality_derivatives(m_, z, weight_, nullptr, gradient, hessian);
  }

 private:
  const SolidModel& m_;
  double weight_;
};

}  // namespace ripple
