// Lagged smoothed friction: derivatives against finite differences, and a box sliding on a
// floor decelerates at mu g and stops where Coulomb's law says.
#include <gtest/gtest.h>

#include "../finite_difference.hpp"
#include "ripple/contact/broad_phase.hpp"
#include "ripple/solid/forms/friction_form.hpp"
#include "ripple/solid/mesh_generators.hpp"
#include "ripple/solid/solid_builder.hpp"
#include "ripple/solid/solid_step.hpp"

namespace ripple {
namespace {

/// A 0.2 m rigid cube resting `gap` above a fixed floor slab, both with friction mu.
SolidModelBuilder sliding_box(double gap, double mu, const Vec3& velocity) {
  SolidModelBuilder b;
  const auto floor = box_surface(Vec3(-2, -0.1, -0.5), Vec3(2, 0, 0.5));
  const auto cube = box_surface(Vec3(-0.1, gap, -0.1), Vec3(0.1, gap + 0.2, 0.1));
  BodyMotion fixed;
  fixed.fixed = true;
  fixed.friction = mu;
  b.add_rigid("floor", floor.vertices, floor.triangles, RigidMaterial{}, fixed);
  BodyMotion slide;
  slide.velocity = velocity;
  slide.friction = mu;
  b.add_rigid("cube", cube.vertices, cube.triangles, RigidMaterial{}, slide);
  return b;
}

TEST(Friction, SmoothingFunction) {
  const double eps = 1e-3;
  EXPECT_NEAR(FrictionForm::f0(eps, eps), eps, 1e-15);
  EXPECT_NEAR(FrictionForm::f0(eps * (1 - 1e-9), eps), eps, 1e-12);
  EXPECT_NEAR(FrictionForm::f1_over_y(eps * (1 - 1e-9), eps) * eps, 1.0, 1e-8);  // C1 at eps
  for (double y : {1e-5, 3e-4, 9e-4, 2e-3}) {
    const double h = 1e-4 * y;
    EXPECT_NEAR((FrictionForm::f0(y + h, eps) - FrictionForm::f0(y - h, eps)) / (2 * h),
                FrictionForm::f1_over_y(y, eps) * y, 1e-7);
  }
}

TEST(Friction, DerivativesMatchFiniteDifferences) {
  const SolidModelBuilder b = sliding_box(5e-4, 0.4, Vec3::Zero());
  const SolidModel m = b.build();
  const VectorX z0 = m.rest_coordinates();
  const VectorX x0 = m.positions(z0);
  const double dhat = 1e-3, dt = 0.01;
  const Candidates c = find_candidates(m.collision, x0, x0, dhat);
  const FrictionForm f(m, c, x0, 1e3, dhat, dt, 1e-2);
  ASSERT_GT(f.size(), 0u);
  // Over the free coordinates only: the forms leave fixed ones (the floor) out.
  std::vector<int> free;
  for (int i = 0; i < m.num_dofs; ++i)
    if (!m.dof_fixed[i]) free.push_back(i);
  auto eval = [&](const Eigen::VectorXd& y) {
    VectorX z = z0;
    for (size_t k = 0; k < free.size(); ++k) z[free[k]] += y[k];
    test::ValueGradHess out;
    out.value = f.value(z);
    VectorX g = VectorX::Zero(z.size());
    std::vector<Triplet> t;
    f.add_derivatives(z, g, &t);
    Eigen::SparseMatrix<double> H(z.size(), z.size());
    H.setFromTriplets(t.begin(), t.end());
    const Eigen::MatrixXd Hd(H);
    out.gradient.resize(free.size());
    out.hessian.resize(free.size(), free.size());
    for (size_t a = 0; a < free.size(); ++a) {
      out.gradient[a] = g[free[a]];
      for (size_t b = 0; b < free.size(); ++b) out.hessian(a, b) = Hd(free[a], free[b]);
    }
    return out;
  };
  // Sliding (beyond eps_v dt = 1e-4 m) and sticking (below it) displacements of the cube.
  for (double amount : {3e-4, 2e-5}) {
    VectorX dz = VectorX::Zero(m.num_dofs);
    dz.segment<3>(12) = Vec3(amount, 0, -0.5 * amount);
    dz[15] = 0.1 * amount;  // and a little shear of the affine map
    VectorX y(free.size());
    for (size_t k = 0; k < free.size(); ++k) y[k] = dz[free[k]];
    test::expect_derivatives(eval, y, 1e-4 * amount, 1e-4, "friction");
  }
}

TEST(Friction, SlidingBoxStopsWhereCoulombSays) {
  const double mu = 0.3, v0 = 1.0, g = 9.81;
  const SolidModelBuilder b = sliding_box(5e-4, mu, Vec3(v0, 0, 0));
  const SolidModel m = b.build();
  SolidState s = initial_solid_state(m);
  s.velocity = b.initial_velocity();
  SolidStepSettings settings;
  settings.dhat = 1e-3;
  settings.newton.tolerance = 1e-5;
  const double dt = 0.005;
  const double x_start = s.z[12];
  double v_at_02 = 0.0;
  for (int step = 1; step <= 100; ++step) {
    step_solids(m, settings, dt, s);
    if (step == 40) v_at_02 = s.velocity[12];
  }
  const double expected_v = v0 - mu * g * 0.2;  // 0.411 m/s
  EXPECT_NEAR(v_at_02, expected_v, 0.1 * expected_v);
  const double expected_distance = v0 * v0 / (2 * mu * g);  // 0.170 m
  EXPECT_NEAR(s.z[12] - x_start, expected_distance, 0.1 * expected_distance);
  EXPECT_LT(std::abs(s.velocity[12]), 1e-2);  // at rest again
  // Frictionless: keeps sliding.
  const SolidModelBuilder b0 = sliding_box(5e-4, 0.0, Vec3(v0, 0, 0));
  const SolidModel m0 = b0.build();
  SolidState s0 = initial_solid_state(m0);
  s0.velocity = b0.initial_velocity();
  for (int step = 0; step < 40; ++step) step_solids(m0, settings, dt, s0);
  EXPECT_NEAR(s0.velocity[12], v0, 1e-3);
}

/// A coefficient set for the pair replaces sqrt(mu_a mu_b): frictionless bodies with a pair
/// coefficient of 0.3 slow down as Coulomb says.
TEST(Friction, PairCoefficientReplacesTheBodies) {
  const double mu = 0.3, v0 = 1.0, g = 9.81;
  SolidModelBuilder b = sliding_box(5e-4, 0.0, Vec3(v0, 0, 0));
  EXPECT_THROW(b.set_pair_friction("cube", "flor", mu), std::invalid_argument);
  b.set_pair_friction("cube", "floor", mu);
  const SolidModel m = b.build();
  EXPECT_EQ(m.friction_between(0, 1), mu);
  EXPECT_EQ(m.friction_between(1, 0), mu);
  EXPECT_EQ(m.friction_between(0, 0), 0.0);
  SolidState s = initial_solid_state(m);
  s.velocity = b.initial_velocity();
  SolidStepSettings settings;
  settings.dhat = 1e-3;
  settings.newton.tolerance = 1e-5;
  for (int step = 1; step <= 40; ++step) step_solids(m, settings, 0.005, s);
  const double expected_v = v0 - mu * g * 0.2;
  EXPECT_NEAR(s.velocity[12], expected_v, 0.1 * expected_v);
}

}  // namespace
}  // namespace ripple
