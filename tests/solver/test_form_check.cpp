// The form-derivative harness itself (form_check.hpp): a 1 % error in either derivative fails it.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "../form_check.hpp"
#include "../solid/form_fixtures.hpp"
#include "ripple/solid/forms/contact_form.hpp"
#include "ripple/solver/form.hpp"

namespace ripple {
namespace {

using test::ContactCase;
using test::form_errors;
using test::FormCheck;
using test::FormErrors;
using test::free_coordinates;
using test::HessianCheck;
using test::kDhat;
using test::point_over_triangle;

/// `f` with its gradient and Hessian scaled.
class Scaled : public Form {
 public:
  Scaled(const Form& f, double gradient, double hessian) : f_(f), g_(gradient), h_(hessian) {}
  std::string name() const override { return "scaled " + f_.name(); }
  double value(const VectorX& z) const override { return f_.value(z); }
  void add_derivatives(const VectorX& z, VectorX& gradient, std::vector<Triplet>* hessian) const override {
    VectorX g = VectorX::Zero(z.size());
    std::vector<Triplet> t;
    f_.add_derivatives(z, g, hessian ? &t : nullptr);
    gradient += g_ * g;
    if (hessian)
      for (const Triplet& e : t) hessian->emplace_back(e.row(), e.col(), h_ * e.value());
  }

 private:
  const Form& f_;
  double g_, h_;
};

TEST(FormDerivatives, HarnessCatchesOnePercentErrors) {
  const ContactCase c = point_over_triangle(0.03, 0.035, 0.4 * kDhat);
  ContactForm contact(c.m, kDhat, 0.01, &c.mesh);
  contact.set_stiffness(1e4, 1e4);
  contact.update_candidates(c.z);
  FormCheck check;
  check.coordinates = free_coordinates(c.m, c.z.size());
  check.hessian = HessianCheck::projected;
  const FormErrors good = form_errors(contact, c.z, check);
  EXPECT_LT(std::max(good.gradient, good.hessian), check.tolerance);
  const FormErrors bad_gradient = form_errors(Scaled(contact, 1.01, 1.0), c.z, check);
  EXPECT_GT(bad_gradient.gradient, 100 * check.tolerance);
  const FormErrors bad_hessian = form_errors(Scaled(contact, 1.0, 1.01), c.z, check);
  EXPECT_GT(bad_hessian.hessian, 100 * check.tolerance);
}

}  // namespace
}  // namespace ripple
