// Projected Newton over forms: convergence on an exact quadratic, the forms' largest safe
// step (CCD) respected, monotone descent with an over-stiff Hessian model, the stop of a
// constrained solve whose last step only restored its constraint, and the residual test that
// keeps a body at rest on a slope from being declared stuck.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "ripple/solid/forms/friction_form.hpp"
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

/// One step of a block (mass m) at rest on a slope, along the slope: inertia towards the
/// free fall z~ = F dt^2 / m and the smoothed Coulomb friction dt^2 mu N f0(|z|) (IPC Eq. 15).
class BlockOnSlope : public Form {
 public:
  static constexpr double m = 0.5, dt = 0.005, F = 2.19, muN = 1.97, eps = 1e-3 * dt;  // kg, s, N, N, m
  std::string name() const override { return "block on slope"; }
  double value(const VectorX& z) const override {
    return 0.5 * m * std::pow(z[0] - F * dt * dt / m, 2) + dt * dt * muN * FrictionForm::f0(std::abs(z[0]), eps);
  }
  void add_derivatives(const VectorX& z, VectorX& g, std::vector<Triplet>* h) const override {
    const double y = std::abs(z[0]);
    g[0] += m * (z[0] - F * dt * dt / m) + dt * dt * muN * FrictionForm::f1_over_y(y, eps) * z[0];
    const double f2 = y < eps ? 2.0 / eps - 2.0 * y / (eps * eps) : 0.0;  // d(f1)/dy
    if (h) h->emplace_back(0, 0, m + dt * dt * muN * f2);
  }
};

TEST(NewtonSolver, ResidualTestKeepsASlidingBlockFromStoppingInTheStaticSmoothing) {
  // F > mu N: the block slides, z = (F - mu N) dt^2 / m per step. From z = 0 the smoothing's
  // stiffness 2 mu N / eps makes the first step about eps / 2: below the step tolerance.
  BlockOnSlope block;
  NewtonSettings s;
  s.dt = BlockOnSlope::dt;
  s.tolerance = 2e-3;  // m/s: 1e-3 x a 2 m scene per second
  const std::vector<uint8_t> fixed(1, 0);
  NewtonMeasures measures;
  measures.step_size = [](const VectorX& dz) { return std::abs(dz[0]); };
  measures.residual_size = [](const VectorX& g) { return std::abs(g[0]) / BlockOnSlope::m; };
  const double sliding = (BlockOnSlope::F - BlockOnSlope::muN) * s.dt * s.dt / BlockOnSlope::m;

  VectorX stuck = VectorX::Zero(1);
  const NewtonResult r0 = newton_minimise({&block}, fixed, measures, s, stuck);  // residual_tolerance 0: no test
  EXPECT_TRUE(r0.converged);
  EXPECT_LT(stuck[0], 0.5 * sliding);  // the step test alone stops in the smoothing

  s.residual_tolerance = 0.1;  // m/s^2
  VectorX z = VectorX::Zero(1);
  const NewtonResult r = newton_minimise({&block}, fixed, measures, s, z);
  EXPECT_TRUE(r.converged);
  EXPECT_NEAR(z[0], sliding, 1e-3 * sliding);
  EXPECT_LT(r.final_residual, s.residual_tolerance);
}

}  // namespace
}  // namespace ripple
