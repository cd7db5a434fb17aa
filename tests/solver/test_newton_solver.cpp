// Projected Newton over forms: convergence on an exact quadratic, the forms' largest safe
// step (CCD) respected, and monotone descent with an over-stiff Hessian model.
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
  return newton_minimise({&bowl}, fixed, [](const VectorX& dz) { return dz.cwiseAbs().maxCoeff(); }, s, z);
}

const double no_wall = std::numeric_limits<double>::infinity();

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

}  // namespace
}  // namespace ripple
