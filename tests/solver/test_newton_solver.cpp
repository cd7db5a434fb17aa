// Projected Newton over forms: convergence on an exact quadratic, the forms' largest safe
// step (CCD) respected, monotone descent with an over-stiff Hessian model, and the stop of a
// constrained solve whose last step only restored its constraint.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "ripple/solver/newton_solver.hpp"

namespace ripple {
namespace {

/// E = k/2 |z - c|^2, reporting the Hessian `model_scale` times too stiff (as a PSD projection
/// that drops negative curvature does), and allowing no step past z[0] = wall.
class Bowl : public Form {
 public:
  Bowl(VectorX c, double k, double model_scale, double wall)
      : c_(std::move(c)), k_(k), scale_(model_scale), wall_(wall) {}
  std::string name() const override { return "bowl"; }
  double value(const VectorX& z) const override { return 0.5 * k_ * (z - c_).squaredNorm(); }
  void add_derivatives(const VectorX& z, VectorX& g, std::vector<Triplet>* h) const override {
    g += k_ * (z - c_);
    if (h)
      for (Eigen::Index i = 0; i < z.size(); ++i) h->emplace_back(i, i, scale_ * k_);
  }
  double max_step(const VectorX& z, const VectorX& dz) override {
    largest_request = std::max(largest_request, dz[0]);
    if (z[0] + dz[0] < wall_) return 1.0;
    return 0.9 * (wall_ - z[0]) / dz[0];  // stop short of the wall, like CCD
  }
  double largest_request = 0.0;

 private:
  VectorX c_;
  double k_, scale_, wall_;
};

NewtonResult minimise(Bowl& bowl, VectorX& z, int max_iterations = 200) {
  NewtonSettings s;
  s.tolerance = 1e-8;
  s.max_iterations = max_iterations;
  const std::vector<uint8_t> fixed(z.size(), 0);
  return newton_minimise({&bowl}, fixed, {[](const VectorX& dz) { return dz.cwiseAbs().maxCoeff(); }}, s, z);
}

const double no_wall = std::numeric_limits<double>::infinity();

/// c(z) = z[0] + z[1] - total = 0, met within `tol`.
class SumConstraint : public EqualityConstraint {
 public:
  SumConstraint(double total, double tol) : total_(total), tol_(tol) {}
  int count() const override { return 1; }
  void evaluate(const VectorX& z, VectorX& values, std::vector<Eigen::SparseVector<double>>* jacobian) const override {
    values[0] = z[0] + z[1] - total_;
    if (jacobian) {
      Eigen::SparseVector<double> row(z.size());
      row.insert(0) = 1.0;
      row.insert(1) = 1.0;
      jacobian->assign(1, row);
    }
  }
  double tolerance(int) const override { return tol_; }

 private:
  double total_, tol_;
};

TEST(NewtonSolver, ExactQuadraticInOneStep) {
  Bowl bowl(Eigen::Vector3d(1.0, -2.0, 0.5), 4.0, 1.0, no_wall);
  VectorX z = VectorX::Zero(3);
  const NewtonResult r = minimise(bowl, z);
  EXPECT_TRUE(r.converged);
  EXPECT_EQ(r.iterations, 2);  // the step, then a zero step
  EXPECT_EQ(r.line_search_steps, 0);
  EXPECT_LT((z - Eigen::Vector3d(1.0, -2.0, 0.5)).norm(), 1e-12);
}

TEST(NewtonSolver, SafeStepIsNeverExceeded) {
  // The minimum (z0 = 1) lies beyond a wall at 0.5 that the form's largest step (as CCD)
  // keeps every iterate short of: each iteration closes 90 % of the remaining gap.
  Bowl bowl(Eigen::Vector3d(1.0, 0.0, 0.0), 4.0, 1.0, 0.5);
  VectorX z = VectorX::Zero(3);
  const NewtonResult r = minimise(bowl, z, 3);
  EXPECT_FALSE(r.converged);
  EXPECT_NEAR(z[0], 0.5 * (1.0 - 1e-3), 1e-12);
  EXPECT_GT(bowl.largest_request, 0.5);  // it did ask to cross
}

TEST(NewtonSolver, OverstiffModelCreepsButDescends) {
  // A model 20x too stiff (as a PSD projection can be) still descends monotonically, 1/20 of
  // the way per step, and stops at the iteration cap without converging.
  const Eigen::Vector3d c(1.0, -2.0, 0.5);
  Bowl bowl(c, 4.0, 20.0, no_wall);
  VectorX z = VectorX::Zero(3);
  const NewtonResult r = minimise(bowl, z, 10);
  EXPECT_FALSE(r.converged);
  EXPECT_EQ(r.iterations, 10);
  EXPECT_NEAR((z - c).norm(), std::pow(0.95, 10) * c.norm(), 1e-9);
}

TEST(NewtonSolver, ConstrainedStopsOnceASmallStepRestoresTheConstraint) {
  // Start at the constrained minimum of the bowl, z = (0.5 e, 0.5 e, 0) with the bowl at the
  // origin, and ask the sum to be e: the KKT step is (0, 0, 0) plus the constraint's share,
  // here below the tolerance, yet the constraint is violated by more than its own tolerance.
  // One step restores it exactly (the constraint is linear); the solve ends there, after one
  // factorisation, instead of factoring again to see a zero step.
  const double e = 1e-9;
  Bowl bowl(Eigen::Vector3d::Zero(), 4.0, 1.0, no_wall);
  SumConstraint sum(e, 1e-12);
  VectorX z = VectorX::Zero(3);
  NewtonSettings s;
  s.tolerance = 1e-8;
  const std::vector<uint8_t> fixed(3, 0);
  const NewtonResult r = newton_minimise({&bowl}, {&sum}, fixed,
                                         {[](const VectorX& dz) { return dz.cwiseAbs().maxCoeff(); }}, s, z);
  EXPECT_TRUE(r.converged);
  EXPECT_EQ(r.iterations, 1);
  EXPECT_NEAR(z[0] + z[1], e, 1e-15);
  EXPECT_NEAR(z[0], 0.5 * e, 1e-15);  // the constrained minimum, not just any feasible point

  // A step above the tolerance is checked by another factorisation as before.
  SumConstraint far(1.0, 1e-12);
  VectorX y = VectorX::Zero(3);
  const NewtonResult r2 = newton_minimise({&bowl}, {&far}, fixed,
                                          {[](const VectorX& dz) { return dz.cwiseAbs().maxCoeff(); }}, s, y);
  EXPECT_TRUE(r2.converged);
  EXPECT_EQ(r2.iterations, 2);
  EXPECT_NEAR(y[0], 0.5, 1e-12);
}

}  // namespace
}  // namespace ripple
