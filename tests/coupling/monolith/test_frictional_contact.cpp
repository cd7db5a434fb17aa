// The monolith method's velocity-level frictional contact for rigid bodies (Takahashi & Batty
// 2022, Sec. 3.5, pyramid friction, Baumgarte): a box on a plane inclined at tan(theta) = 0.45
// sticks with mu = 0.5; at 0.55 it slides with g (sin - mu cos) (the friction check,
// within 3 %); a dropped box comes to rest on the floor without bouncing or sinking; the
// obstacles' signed distance gives the same contacts as a plane.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "ripple/coupling/monolith/frictional_contact.hpp"

namespace ripple {
namespace {

constexpr double kG = 9.81;

struct ContactRun {
  std::vector<RigidBody> bodies;
  std::vector<ContactPlane> planes;
  ContactField field;
  int unconverged = 0;
  /// Steps of gravity and contact for `seconds` (s).
  void advance(double seconds, double dt) {
    for (double t = 0.0; t < seconds - 1e-12; t += dt) {
      for (RigidBody& b : bodies) b.velocity.y() -= kG * dt;
      double speed = 0.0;
      for (const RigidBody& b : bodies) speed = std::max(speed, b.velocity.norm() + b.angular_velocity.norm() * 0.2);
      const auto contacts = find_rigid_contacts(bodies, planes, field, 2.0 * speed * dt + 1e-3);
      unconverged += !resolve_rigid_contacts(bodies, contacts, dt).converged;
      for (RigidBody& b : bodies) advance_position(b, dt);
    }
  }
};

/// A 10 x 5 x 10 cm box (500 kg/m^3, mu 0.5) resting on a plane through the origin inclined
/// by theta about z; returns the run after `seconds`.
ContactRun incline(double tan_theta, double seconds) {
  const double theta = std::atan(tan_theta);
  ContactRun run;
  const Vec3 normal(-std::sin(theta), std::cos(theta), 0.0);
  run.planes.push_back({Vec3::Zero(), normal, 0.5});
  RigidBody box = box_body(Vec3(0.1, 0.05, 0.1), 500.0);
  box.friction = 0.5;
  box.orientation = Eigen::Quaterniond(Eigen::AngleAxisd(theta, Vec3::UnitZ()));
  box.position = 0.025 * normal;
  run.bodies.push_back(box);
  run.advance(seconds, 0.005);
  return run;
}

TEST(FrictionalContact, ABoxSticksOnASlopeBelowItsFrictionAngle) {
  const ContactRun run = incline(0.45, 1.0);
  const RigidBody& box = run.bodies[0];
  EXPECT_EQ(run.unconverged, 0);
  EXPECT_LT(box.position.norm(), 0.025 + 1e-3);  // moved less than a millimetre
  EXPECT_LT(box.velocity.norm(), 1e-3);
  EXPECT_LT(box.angular_velocity.norm(), 1e-2);
}

TEST(FrictionalContact, ABoxSlidesDownASteeperSlopeAtCoulombsAcceleration) {
  const double tan_theta = 0.55, theta = std::atan(tan_theta), mu = 0.5, T = 0.5;
  const ContactRun run = incline(tan_theta, T);
  const RigidBody& box = run.bodies[0];
  const Vec3 down = -Vec3(std::cos(theta), std::sin(theta), 0.0);
  const double expected = kG * (std::sin(theta) - mu * std::cos(theta)) * T;
  const double speed = box.velocity.dot(down);
  std::printf("slope 0.55: speed %.5f m/s after %.1f s, Coulomb %.5f (%.2f %%)\n", speed, T, expected,
              100.0 * (speed - expected) / expected);
  EXPECT_EQ(run.unconverged, 0);
  EXPECT_NEAR(speed, expected, 0.03 * expected);
  const Vec3 normal(-std::sin(theta), std::cos(theta), 0.0);
  EXPECT_NEAR(box.position.dot(normal), 0.025, 1e-3);  // on the plane, neither sunk nor lifted
  EXPECT_LT(box.angular_velocity.norm(), 1e-2);        // not tumbling
}

TEST(FrictionalContact, ADroppedBoxComesToRestOnTheFloorEitherWay) {
  for (bool as_field : {false, true}) {
    ContactRun run;
    if (as_field) run.field = {[](const Vec3& x) { return x.y(); }, 0.5, {}};
    else run.planes.push_back({Vec3::Zero(), Vec3::UnitY(), 0.5});
    RigidBody box = box_body(Vec3(0.1, 0.06, 0.08), 800.0);
    box.position = Vec3(0.0, 0.2, 0.0);
    box.orientation = Eigen::Quaterniond(Eigen::AngleAxisd(0.3, Vec3(1, 0, 1).normalized()));  // lands on a corner
    run.bodies.push_back(box);
    double lowest = 1.0;
    for (int i = 0; i < 100; ++i) {
      run.advance(0.01, 0.005);
      for (size_t k = 0; k < 8; ++k) lowest = std::min(lowest, world_point(run.bodies[0], k).y());
    }
    const RigidBody& b = run.bodies[0];
    EXPECT_EQ(run.unconverged, 0);
    EXPECT_GT(lowest, -2e-3) << as_field;  // never sank more than 2 mm into the floor
    EXPECT_LT(b.velocity.norm(), 1e-3) << as_field;
    EXPECT_LT(b.angular_velocity.norm(), 1e-2) << as_field;
    double bottom = 1.0;
    for (size_t k = 0; k < 8; ++k) bottom = std::min(bottom, world_point(b, k).y());
    EXPECT_NEAR(bottom, 0.0, 1e-3) << as_field;  // resting on it, after tipping onto a face
  }
}

TEST(FrictionalContact, AStackedBoxRestsOnTheOneBelowWithoutSinkingIntoIt) {
  ContactRun run;
  run.planes.push_back({Vec3::Zero(), Vec3::UnitY(), 0.5});
  RigidBody lower = box_body(Vec3(0.12, 0.06, 0.12), 800.0), upper = box_body(Vec3(0.08, 0.05, 0.08), 800.0);
  lower.position = Vec3(0.0, 0.03, 0.0);
  upper.position = Vec3(0.01, 0.12, -0.005);  // dropped from 3.5 cm, off centre
  upper.orientation = Eigen::Quaterniond(Eigen::AngleAxisd(0.2, Vec3::UnitY()));  // corners over the lower box
  run.bodies = {lower, upper};
  double deepest = 0.0;
  for (int i = 0; i < 100; ++i) {
    run.advance(0.01, 0.005);
    for (size_t k = 0; k < 8; ++k)
      deepest = std::min(deepest, rigid_body_distance(run.bodies[0], world_point(run.bodies[1], k)));
  }
  EXPECT_EQ(run.unconverged, 0);
  EXPECT_GT(deepest, -2e-3);  // the upper box's corners never more than 2 mm into the lower one
  for (const RigidBody& b : run.bodies) {
    EXPECT_LT(b.velocity.norm(), 1e-3);
    EXPECT_LT(b.angular_velocity.norm(), 1e-2);
  }
  std::printf("stack: lower centre %.5f m, upper %.5f m, deepest %.5f m\n", run.bodies[0].position.y(), run.bodies[1].position.y(), deepest);
  EXPECT_NEAR(run.bodies[1].position.y(), 0.06 + 0.025, 2e-3);  // resting on top
  // The floor carries both: the lower box's contacts with the floor, from one more step.
  for (RigidBody& b : run.bodies) b.velocity.y() -= kG * 0.005;
  const auto contacts = find_rigid_contacts(run.bodies, run.planes, {}, 1e-3);
  std::vector<RigidBody> after = run.bodies;
  resolve_rigid_contacts(after, contacts, 0.005);
  const double total_mass = run.bodies[0].mass + run.bodies[1].mass;
  const Vec3 momentum_change = (after[0].velocity - run.bodies[0].velocity) * run.bodies[0].mass +
                               (after[1].velocity - run.bodies[1].velocity) * run.bodies[1].mass;
  EXPECT_NEAR(momentum_change.y() / 0.005, total_mass * kG, 0.02 * total_mass * kG);
}

TEST(FrictionalContact, ABoxOnAMovingSurfaceIsCarriedAlong) {
  ContactRun run;
  run.field = {[](const Vec3& x) { return x.y(); }, 0.8, [](const Vec3&) { return Vec3(0.2, 0.0, 0.0); }};
  RigidBody box = box_body(Vec3(0.1, 0.05, 0.1), 500.0);
  box.friction = 0.8;
  box.position = Vec3(0.0, 0.025, 0.0);
  run.bodies.push_back(box);
  run.advance(0.5, 0.005);  // friction 0.8 g accelerates it to the belt's speed within 0.03 s
  EXPECT_EQ(run.unconverged, 0);
  EXPECT_NEAR(run.bodies[0].velocity.x(), 0.2, 2e-3);
  EXPECT_NEAR(run.bodies[0].position.y(), 0.025, 1e-3);
}

}  // namespace
}  // namespace ripple

