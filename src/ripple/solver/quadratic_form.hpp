#pragma once
// A fixed quadratic term scale/2 (z - c)^T D (z - c) over the first c.size() coordinates (a
// coupler may append unknowns of its own after them): Rayleigh damping in the solids' step, a
// body's linearised elastic response to the cut-cell contact filter's correction.
#include <string>

#include "ripple/solver/form.hpp"

namespace ripple {

class QuadraticForm : public Form {
 public:
  QuadraticForm(std::string name, SparseMatrix D, VectorX centre, double scale)
      : name_(std::move(name)), D_(std::move(D)), c_(std::move(centre)), scale_(scale) {}
  std::string name() const override { return name_; }
  bool fixed_hessian_pattern() const override { return true; }
  double value(const VectorX& z) const override {
    const VectorX r = z.head(c_.size()) - c_;
    return 0.5 * scale_ * r.dot(D_ * r);
  }
  void add_derivatives(const VectorX& z, VectorX& g, std::vector<Triplet>* h) const override {
    g.head(c_.size()) += scale_ * (D_ * (z.head(c_.size()) - c_));
    if (!h) return;
    for (int k = 0; k < D_.outerSize(); ++k)
      for (SparseMatrix::InnerIterator it(D_, k); it; ++it) h->emplace_back(it.row(), it.col(), scale_ * it.value());
  }

 private:
  std::string name_;
  SparseMatrix D_;
  VectorX c_;
  double scale_;
};

}  // namespace ripple
