// Contact of the membrane method's rigid bodies with the walls and each other: impulses just
// large enough that no sample ends the step inside, momentum kept between bodies, friction
// bounded by Coulomb's cone, nothing done to bodies apart.
#include <gtest/gtest.h>

#include "ripple/coupling/membrane/membrane_body_contact.hpp"

using namespace ripple;

namespace {

GridGeometry box_domain() {
  GridGeometry g;
  g.dx = 0.001;
  g.n = Vec3i(20, 20, 20);
  return g;
}

RigidBody cube(const Vec3& centre, const Vec3& velocity) {
  RigidBody b = box_body(Vec3::Constant(0.004), 1000.0);
  b.position = centre;
  b.velocity = velocity;
  return b;
}

}  // namespace

TEST(MembraneBodyContact, ABodyFallingOntoTheFloorStopsThere) {
  const double dt = 1e-3, gap = 1e-4;
  std::vector<RigidBody> bodies{cube(Vec3(0.01, 0.002 + gap, 0.01), Vec3(0.0, -1.0, 0.0))};
  EXPECT_EQ(resolve_body_contacts(bodies, box_domain(), dt), 4);  // its four lower corners
  EXPECT_NEAR(bodies[0].velocity.y(), -gap / dt, 1e-9);         // lands on the floor at the step's end
  EXPECT_NEAR(bodies[0].angular_velocity.norm(), 0.0, 1e-6);  // rad/s: no spin from a flat landing
}

TEST(MembraneBodyContact, TwoBodiesMeetingKeepTheirMomentumAndDoNotOverlap) {
  const double dt = 1e-3, gap = 2e-4;
  std::vector<RigidBody> bodies{cube(Vec3(0.0078, 0.01, 0.01), Vec3(0.5, 0.1, 0.0)),
                                cube(Vec3(0.0078 + 0.004 + gap, 0.0101, 0.01), Vec3(-0.3, 0.0, 0.05))};
  bodies[1].mass *= 2.0;
  bodies[1].inertia *= 2.0;
  auto momentum = [&] { return Vec3(bodies[0].mass * bodies[0].velocity + bodies[1].mass * bodies[1].velocity); };
  auto angular_momentum = [&] {  // about the origin
    Vec3 L = Vec3::Zero();
    for (const RigidBody& b : bodies)
      L += b.position.cross(b.mass * b.velocity) + world_inertia(b) * b.angular_velocity;
    return L;
  };
  const Vec3 p0 = momentum(), L0 = angular_momentum();
  EXPECT_GT(resolve_body_contacts(bodies, box_domain(), dt), 0);
  EXPECT_LT((momentum() - p0).norm(), 1e-12 * p0.norm());  // no wall touched
  EXPECT_LT((angular_momentum() - L0).norm(), 1e-12 * L0.norm());
  EXPECT_GT(bodies[0].velocity.x(), -0.3);  // they did take impulses: no longer approaching
  EXPECT_LT(bodies[0].velocity.x(), 0.5);
  // Every corner of each stays out of the other at the step's end, up to the turn the linear
  // prediction leaves out (a hundredth of a cell; measured 2.7e-6 m).
  for (int a = 0; a < 2; ++a) {
    RigidBody A = bodies[static_cast<size_t>(a)], B = bodies[static_cast<size_t>(1 - a)];
    advance_position(A, dt);
    advance_position(B, dt);
    for (size_t k = 0; k < A.points.size(); ++k) EXPECT_GT(rigid_body_distance(B, world_point(A, k)), -1e-5);
  }
}

TEST(MembraneBodyContact, FrictionStaysInsideCoulombsCone) {
  const double dt = 1e-3, gap = 0.0;
  std::vector<RigidBody> bodies{cube(Vec3(0.01, 0.002 + gap, 0.01), Vec3(0.3, -0.2, 0.0))};
  bodies[0].friction = 0.5;
  resolve_body_contacts(bodies, box_domain(), dt);
  // The normal impulse took 0.2 m/s off the fall; friction at most half of that off the slide.
  EXPECT_NEAR(bodies[0].velocity.y(), 0.0, 1e-9);
  EXPECT_NEAR(bodies[0].velocity.x(), 0.3 - 0.5 * 0.2, 0.02);  // less the turn friction gives it
  EXPECT_GE(bodies[0].velocity.x(), 0.3 - 0.5 * 0.2 - 1e-9);
}

TEST(MembraneBodyContact, ASphereSlidingOntoTheFloorRollsWithoutGainingEnergy) {
  // One sample under the centre of a ball (I = 0.4 m R^2): friction there turns the ball as it
  // slows it, the effective mass along the slide being 1 / (1/m + R^2/I) = m / 3.5. mu jn (half
  // the normal impulse m 0.2 m/s) is more than the m 0.05/3.5 m/s it takes to stop the slip: the
  // ball rolls.
  const double R = 0.002, dt = 1e-3;
  RigidBody ball;
  ball.mass = 1e-4;
  ball.inertia = 0.4 * ball.mass * R * R * Mat3::Identity();
  ball.points = {Vec3(0.0, -R, 0.0)};
  ball.position = Vec3(0.01, R, 0.01);
  ball.velocity = Vec3(0.05, -0.2, 0.0);
  ball.friction = 0.5;
  const double energy = 0.5 * ball.mass * ball.velocity.squaredNorm();
  std::vector<RigidBody> bodies{ball};
  EXPECT_EQ(resolve_body_contacts(bodies, box_domain(), dt), 1);
  const RigidBody& b = bodies[0];
  EXPECT_NEAR(b.velocity.y(), 0.0, 1e-12);
  EXPECT_NEAR(velocity_at(b, b.position - Vec3(0.0, R, 0.0)).x(), 0.0, 1e-9);  // no slip left
  EXPECT_NEAR(b.velocity.x(), 0.05 * (1.0 - 1.0 / 3.5), 1e-9);
  // Rolling without slip at v: (1/2 m + 1/2 I / R^2) v^2 = 0.7 m v^2, less than the slide's 1/2 m 0.05^2.
  const double v = 0.05 * (1.0 - 1.0 / 3.5);
  const double after = 0.5 * b.mass * b.velocity.squaredNorm() + 0.5 * b.angular_velocity.dot(world_inertia(b) * b.angular_velocity);
  EXPECT_NEAR(after, 0.7 * b.mass * v * v, 1e-9 * energy);
  EXPECT_LT(after, 0.5 * b.mass * 0.05 * 0.05);
}

TEST(MembraneBodyContact, ABodyStartingInsideAWallIsMovedOutNotPushed) {
  // 1 mm deep in the floor: moved up by the depth, and left at rest (a push out would keep its
  // speed, |gap| / dt and more, after it left the wall).
  std::vector<RigidBody> bodies{cube(Vec3(0.01, 0.001, 0.01), Vec3::Zero())};
  EXPECT_EQ(resolve_body_contacts(bodies, box_domain(), 1e-4), 4);
  EXPECT_NEAR(bodies[0].position.y(), 0.002, 1e-12);
  EXPECT_NEAR(bodies[0].velocity.norm(), 0.0, 1e-12);
  EXPECT_NEAR(bodies[0].angular_velocity.norm(), 0.0, 1e-12);
}

TEST(MembraneBodyContact, TwoBodiesOverlappingAreMovedApartByTheirInverseMasses) {
  // A 4 mm cube's right face 0.5 mm into a 6 mm cube's left face: moved apart along x, each by
  // the other's share of their mass, and left at rest.
  RigidBody big = box_body(Vec3::Constant(0.006), 1000.0);
  big.position = Vec3(0.0125, 0.01, 0.01);
  std::vector<RigidBody> bodies{cube(Vec3(0.008, 0.01, 0.01), Vec3::Zero()), big};
  const double share = bodies[1].mass / (bodies[0].mass + bodies[1].mass);
  resolve_body_contacts(bodies, box_domain(), 1e-3);
  EXPECT_NEAR(bodies[0].position.x(), 0.008 - share * 0.0005, 1e-9);
  EXPECT_NEAR(bodies[1].position.x(), 0.0125 + (1.0 - share) * 0.0005, 1e-9);
  EXPECT_NEAR(bodies[0].position.y(), 0.01, 1e-12);
  EXPECT_NEAR(bodies[0].velocity.norm() + bodies[1].velocity.norm(), 0.0, 1e-12);
}

TEST(MembraneBodyContact, BodiesApartAreLeftAlone) {
  std::vector<RigidBody> bodies{cube(Vec3(0.005, 0.01, 0.01), Vec3(0.1, 0.0, 0.0)),
                                cube(Vec3(0.015, 0.01, 0.01), Vec3(-0.1, 0.0, 0.0))};
  EXPECT_EQ(resolve_body_contacts(bodies, box_domain(), 1e-3), 0);
  EXPECT_EQ(bodies[0].velocity, Vec3(0.1, 0.0, 0.0));
  EXPECT_EQ(bodies[1].velocity, Vec3(-0.1, 0.0, 0.0));
}
