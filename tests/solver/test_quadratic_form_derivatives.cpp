// Derivative check (form_check.hpp) of QuadraticForm, over more coordinates than its matrix.
#include <gtest/gtest.h>

#include <random>

#include "../form_check.hpp"
#include "ripple/solver/quadratic_form.hpp"

namespace ripple {
namespace {

using test::check_form;
using test::FormCheck;

TEST(FormDerivatives, QuadraticFormWithAppendedUnknowns) {
  // A sparse SPD D over the first 12 coordinates of 15 (a coupler's own unknowns after them).
  std::mt19937 rng(41);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Eigen::MatrixXd B = Eigen::MatrixXd::Zero(12, 12);
  for (int i = 0; i < 12; ++i)
    for (int j = 0; j < 12; ++j)
      if ((i * 7 + j * 3) % 5 == 0) B(i, j) = u(rng);
  const Eigen::MatrixXd D = B.transpose() * B + 0.1 * Eigen::MatrixXd::Identity(12, 12);
  VectorX centre(12), z(15);
  for (auto& v : centre) v = u(rng);
  for (auto& v : z) v = u(rng);
  const SparseMatrix Ds = D.sparseView();
  QuadraticForm f("damping", Ds, centre, 2.5);
  FormCheck c;
  c.h = 1e-7;
  check_form(f, z, c);
}

}  // namespace
}  // namespace ripple
