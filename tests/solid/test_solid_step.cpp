// Whole implicit steps of the solids: free fall is exact in velocity, a cloth dropped on a
// fixed box never intersects it and comes to rest on top, rigid bodies keep their momentum.
#include <gtest/gtest.h>

#include <cmath>

#include "ripple/contact/intersection_check.hpp"
#include "ripple/solid/solid_step.hpp"
#include "solid_fixtures.hpp"

namespace ripple {
namespace {

SolidState start(const SolidModel& m, const SolidModelBuilder& b) {
  SolidState s = initial_solid_state(m);
  s.velocity = b.initial_velocity();
  return s;
}

TEST(SolidStep, ClothFreeFallVelocityIsExact) {
  const auto cloth = test::cloth_grid(8, 0.5, 1.0);
  SolidModelBuilder b;
  b.add_shell("cloth", cloth.x, cloth.triangles, ShellMaterial{});
  const SolidModel m = b.build();
  SolidState s = start(m, b);
  SolidStepSettings settings;
  const double dt = 0.01;
  for (int step = 0; step < 10; ++step) {
    const auto r = step_solids(m, settings, dt, s);
    EXPECT_TRUE(r.newton.converged);
    EXPECT_LE(r.newton.iterations, 3);
  }
  for (int v = 0; v < m.num_vertices; ++v) EXPECT_NEAR(s.velocity[3 * v + 1], -9.81 * 0.1, 1e-6);
  EXPECT_NEAR(s.z[1], 1.0 - 9.81 * dt * dt * (1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10), 1e-6);
}

TEST(SolidStep, PotentialEnergyIsMassTimesGravityTimesHeight) {
  const Vec3 g(0, -9.81, 0);
  const auto cloth = test::cloth_grid(8, 0.5, 1.0);  // flat at y = 1 m
  const auto box = test::box_surface(Vec3(0, 3, 0), Vec3(0.2, 3.1, 0.05));
  const auto floor = test::box_surface(Vec3(0, -5, 0), Vec3(1, -4.9, 1));
  SolidModelBuilder b;
  b.add_shell("cloth", cloth.x, cloth.triangles, ShellMaterial{});
  b.add_rigid("brick", box.x, box.triangles, RigidMaterial{}, BodyMotion{});
  BodyMotion still;
  still.fixed = true;
  b.add_rigid("floor", floor.x, floor.triangles, RigidMaterial{}, still);  // static: not counted
  const SolidModel m = b.build();
  double cloth_mass = 0.0;
  for (int v = 0; v < m.num_vertices; ++v)
    if (!m.vertex_rigid[v]) cloth_mass += m.vertex_mass[v];
  SolidState s = start(m, b);
  const double e0 = solid_potential_energy(m, s.z, g);
  EXPECT_NEAR(e0, 9.81 * (cloth_mass * 1.0 + m.bodies[1].mass * 3.05), 1e-9 * e0);  // brick: its centre
  // Falling, it turns into kinetic energy; implicit Euler under gravity alone (x' = x + dt v',
  // v' = v + dt g) loses M g^2 dt^2 / 2 per step.
  const double dt = 0.01;
  SolidStepSettings settings;
  settings.gravity = g;
  for (int step = 0; step < 10; ++step) step_solids(m, settings, dt, s);
  const double total_mass = cloth_mass + m.bodies[1].mass;
  const double loss = 10 * total_mass * 9.81 * 9.81 * dt * dt / 2;
  EXPECT_NEAR(solid_kinetic_energy(m, s) + solid_potential_energy(m, s.z, g) - e0, -loss, 1e-6 * e0);
}

TEST(SolidStep, ClothOnFixedBoxNeverIntersects) {
  const auto cloth = test::cloth_grid(16, 0.6, 0.25);
  const auto box = test::box_surface(Vec3(-0.15, 0.0, -0.15), Vec3(0.15, 0.2, 0.15));
  SolidModelBuilder b;
  ShellMaterial cotton;
  cotton.young = 1e5;
  b.add_shell("cloth", cloth.x, cloth.triangles, cotton);
  BodyMotion still;
  still.fixed = true;
  b.add_rigid("box", box.x, box.triangles, RigidMaterial{}, still);
  const SolidModel m = b.build();
  SolidState s = start(m, b);
  SolidStepSettings settings;
  settings.dhat = 2e-3;
  const double dt = 0.01;
  double lowest_centre = 1e9;
  for (int step = 0; step < 40; ++step) {
    const auto r = step_solids(m, settings, dt, s);
    ASSERT_TRUE(r.newton.converged) << step;
    EXPECT_GT(r.min_gap, 0.0) << step;
    const VectorX x = m.positions(s.z);
    ASSERT_EQ(count_intersecting_pairs(m.collision, x), 0) << step;
    // The cloth vertex above the box's centre stays above its top face.
    const int centre = (16 / 2) * 16 + 16 / 2;
    lowest_centre = std::min(lowest_centre, x[3 * centre + 1]);
  }
  EXPECT_GT(lowest_centre, 0.2);
  EXPECT_LT(lowest_centre, 0.2 + 0.5e-3 + 2e-3);  // resting within dhat of the top (plus half thickness)
}

/// A coupler's use of the step: the solids' forms over coordinates extended by unknowns of
/// its own (here five decoupled ones pulled to known values) give the same solid step as
/// step_solids, with damping and contact active, and the extra unknowns reach their minimum.
class PullTo : public Form {
 public:
  PullTo(int first, VectorX goal) : first_(first), goal_(std::move(goal)) {}
  std::string name() const override { return "pull"; }
  double value(const VectorX& z) const override { return 0.5 * (z.segment(first_, goal_.size()) - goal_).squaredNorm(); }
  void add_derivatives(const VectorX& z, VectorX& g, std::vector<Triplet>* h) const override {
    g.segment(first_, goal_.size()) += z.segment(first_, goal_.size()) - goal_;
    if (h)
      for (int i = 0; i < goal_.size(); ++i) h->emplace_back(first_ + i, first_ + i, 1.0);
  }

 private:
  int first_;
  VectorX goal_;
};

TEST(SolidStep, ExtendedCoordinatesGiveTheSameStep) {
  const auto cloth = test::cloth_grid(8, 0.3, 0.203);
  const auto box = test::box_surface(Vec3(-0.1, 0.0, -0.1), Vec3(0.1, 0.2, 0.1));
  SolidModelBuilder b;
  ShellMaterial cotton;
  cotton.young = 1e5;
  BodyMotion damped;
  damped.stiffness_damping = 1e-3;
  b.add_shell("cloth", cloth.x, cloth.triangles, cotton, damped);
  BodyMotion still;
  still.fixed = true;
  b.add_rigid("box", box.x, box.triangles, RigidMaterial{}, still);
  const SolidModel m = b.build();
  SolidStepSettings settings;
  settings.dhat = 2e-3;
  SolidState plain = start(m, b), extended = plain;
  for (int step = 0; step < 5; ++step) {
    const SolidStepReport r = step_solids(m, settings, 0.01, plain);
    SolidStepProblem problem(m, settings, 0.01, extended);
    VectorX z(m.num_dofs + 5);
    z << extended.z, VectorX::Zero(5);
    const VectorX goal = VectorX::LinSpaced(5, -1.0, 1.0);
    PullTo pull(m.num_dofs, goal);
    std::vector<Form*> forms = problem.forms();
    forms.push_back(&pull);
    std::vector<uint8_t> fixed = m.dof_fixed;
    fixed.resize(z.size(), 0);
    const NewtonResult n = newton_minimise(forms, fixed, solid_newton_measures(m),
                                           problem.newton_settings(), z);
    const SolidStepReport e = problem.finish(z, n);
    ASSERT_TRUE(e.newton.converged) << step;
    EXPECT_LT((extended.z - plain.z).cwiseAbs().maxCoeff(), 1e-9) << step;
    EXPECT_LT((z.tail(5) - goal).cwiseAbs().maxCoeff(), 1e-12) << step;
    EXPECT_EQ(e.contact_pairs, r.contact_pairs) << step;
    EXPECT_GT(r.contact_pairs, 0) << step;
  }
}

/// A spinning, falling brick (affine body) with the default Newton tolerance for 0.1 s:
/// linear momentum exact; angular momentum lost only by implicit Euler's first-order time
/// error (L_{n+1} - L_n = dt sum x_n x f(x_{n+1}) is not zero), so 10x the step loses ~10x as
/// much; the body stays rigid.
TEST(SolidStep, RigidBodyMomentum) {
  const auto box = test::box_surface(Vec3(0, 0, 0), Vec3(0.2, 0.1, 0.05));
  SolidModelBuilder b;
  BodyMotion spin;
  spin.velocity = Vec3(1, 2, 0);
  spin.angular_velocity = Vec3(0.5, 3.0, 1.0);
  b.add_rigid("brick", box.x, box.triangles, RigidMaterial{}, spin);
  const SolidModel m = b.build();
  const SolidBodyInfo& body = m.bodies[0];
  auto angular_momentum = [&](const SolidState& st) {
    // L = sum_i a_i x (Sigma A_dot)_i: for x = p + A l, L_com = sum_jk Sigma_jk a_j x a_dot_k.
    Vec3 L = Vec3::Zero();
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 3; ++k)
        L += body.second_moment(j, k) * Vec3(st.z.segment<3>(3 + 3 * j)).cross(Vec3(st.velocity.segment<3>(3 + 3 * k)));
    return L;
  };
  auto relative_loss = [&](double dt) {
    SolidState s = start(m, b);
    const SolidStepSettings settings;  // default tolerance: 1e-3 scene diagonals per second
    const Vec3 L0 = angular_momentum(s);
    for (int step = 0; step < static_cast<int>(std::lround(0.1 / dt)); ++step) step_solids(m, settings, dt, s);
    EXPECT_NEAR(s.velocity[0], 1.0, 1e-9);
    EXPECT_NEAR(s.velocity[1], 2.0 - 9.81 * 0.1, 1e-9);
    const Mat3 A = Eigen::Map<const Mat3>(s.z.data() + 3);
    EXPECT_LT((A.transpose() * A - Mat3::Identity()).norm(), 1e-4);  // still rigid
    return (angular_momentum(s) - L0).norm() / L0.norm();
  };
  const double fine = relative_loss(1e-3), coarse = relative_loss(1e-2);
  EXPECT_LT(fine, 2e-3);  // measured 0.10 %
  EXPECT_GT(coarse / fine, 5.0);  // measured 9.5x: first order in dt
  EXPECT_LT(coarse / fine, 15.0);
}

}  // namespace
}  // namespace ripple

namespace ripple {
namespace {

TEST(SolidStep, KinematicBodyFollowsItsScript) {
  const auto box = test::box_surface(Vec3(-0.1, 0.2, -0.1), Vec3(0.1, 0.3, 0.1));
  SolidModelBuilder b;
  BodyMotion script;
  script.kinematic = true;
  script.velocity = Vec3(0.3, 0, 0);
  script.angular_velocity = Vec3(0, 2.0, 0);
  b.add_rigid("spinner", box.x, box.triangles, RigidMaterial{}, script);
  const SolidModel m = b.build();
  SolidState s = start(m, b);
  SolidStepSettings settings;
  const double dt = 0.01;
  for (int step = 0; step < 50; ++step) step_solids(m, settings, dt, s);
  // After 0.5 s: centre moved 0.15 m along x, rotated by 1 rad about y; gravity has no effect.
  EXPECT_NEAR(s.z[0], 0.15, 1e-6);
  EXPECT_NEAR(s.z[1], 0.25, 1e-6);
  const Mat3 A = Eigen::Map<const Mat3>(s.z.data() + 3);
  const Mat3 R = Eigen::AngleAxisd(1.0, Vec3::UnitY()).toRotationMatrix();
  EXPECT_LT((A - R).norm(), 1e-6);
}

}  // namespace
}  // namespace ripple

namespace ripple {
namespace {

TEST(SolidStep, ScriptedPinsCarryAShell) {
  // A hanging cloth whose top row is carried sideways and turned about the vertical.
  const auto cloth = test::cloth_grid(8, 0.3, 0.5);
  SolidModelBuilder b;
  BodyMotion pins;
  Vec3 centroid = Vec3::Zero();
  for (int j = 0; j < 8; ++j) {
    pins.pinned.push_back(7 * 8 + j);  // the row at x = +0.15
    centroid += cloth.x[7 * 8 + j] / 8.0;
  }
  pins.pin_path = MotionPath::constant(centroid, Vec3(0, 0, 0.2), Vec3(0, 1.0, 0));
  b.add_shell("flag", cloth.x, cloth.triangles, ShellMaterial{}, pins);
  const SolidModel m = b.build();
  ASSERT_EQ(m.scripted_pins.size(), 1u);
  SolidState s = start(m, b);
  SolidStepSettings settings;
  const double dt = 0.01;
  for (int step = 0; step < 50; ++step) {
    const auto r = step_solids(m, settings, dt, s);
    ASSERT_TRUE(r.newton.converged);
  }
  const VectorX x = m.positions(s.z);
  double worst = 0.0;
  for (int v : m.scripted_pins[0].vertices)
    worst = std::max(worst, (Vec3(x.segment<3>(3 * v)) - m.scripted_pins[0].position_at(v, m.rest_positions.segment<3>(3 * v), 0.5)).norm());
  EXPECT_LT(worst, 1e-4) << "pinned vertices follow their script";
  // The free part hangs below the pins.
  double lowest = 1e9;
  for (int v = 0; v < m.num_vertices; ++v) lowest = std::min(lowest, x[3 * v + 1]);
  EXPECT_LT(lowest, 0.5 - 0.05);
}

}  // namespace
}  // namespace ripple

namespace ripple {
namespace {

TEST(SolidStep, KeyframedPinsPassThroughTheirKeysAndPlaceTheBodyAtTheFirst) {
  // The top row of a hanging cloth keyframed: it starts 0.1 m to the side of where the cloth is
  // described (the whole cloth moves there at t = 0), then is carried up and turned.
  const auto cloth = test::cloth_grid(8, 0.3, 0.5);
  BodyMotion pins;
  Vec3 centroid = Vec3::Zero();
  for (int j = 0; j < 8; ++j) {
    pins.pinned.push_back(7 * 8 + j);
    centroid += cloth.x[7 * 8 + j] / 8.0;
  }
  const Vec3 shift(0.0, 0.0, 0.1);
  std::vector<PoseKey> keys(3);
  keys[0].time = 0.0;
  keys[0].position = centroid + shift;
  keys[1].time = 0.2;
  keys[1].position = centroid + shift + Vec3(0, 0.05, 0);
  keys[2].time = 0.4;
  keys[2].position = keys[1].position;
  keys[2].rotation = Eigen::AngleAxisd(0.3, Vec3::UnitY());
  pins.pin_path = MotionPath::keyframed(centroid, keys, PathInterpolation::linear);
  SolidModelBuilder b;
  b.add_shell("flag", cloth.x, cloth.triangles, ShellMaterial{}, pins);
  const SolidModel m = b.build();
  SolidState s = start(m, b);
  {
    const VectorX x = m.positions(s.z);
    double worst = 0.0;
    for (int v = 0; v < m.num_vertices; ++v)
      worst = std::max(worst, (Vec3(x.segment<3>(3 * v)) - (m.rest_positions.segment<3>(3 * v) + shift)).norm());
    EXPECT_LT(worst, 1e-12) << "the whole body starts where its pins' path is at t = 0";
  }
  SolidStepSettings settings;
  const double dt = 0.01;
  for (int step = 1; step <= 40; ++step) {
    ASSERT_TRUE(step_solids(m, settings, dt, s).newton.converged);
    if (step != 20 && step != 40) continue;
    const VectorX x = m.positions(s.z);
    const Pose pose = pins.pin_path.at(step * dt);
    const PoseKey& key = keys[step / 20];
    EXPECT_LT((pose.centre - key.position).norm(), 1e-12);
    Vec3 c = Vec3::Zero();
    for (int v : m.scripted_pins[0].vertices) c += Vec3(x.segment<3>(3 * v)) / 8.0;
    EXPECT_LT((c - key.position).norm(), 1e-4) << "the pins' centroid is at key " << step / 20;
    for (int v : m.scripted_pins[0].vertices) {
      const Vec3 expected = key.position + key.rotation * (m.rest_positions.segment<3>(3 * v) - centroid);
      EXPECT_LT((Vec3(x.segment<3>(3 * v)) - expected).norm(), 1e-4) << "pinned vertex " << v << " at key " << step / 20;
    }
  }
}

}  // namespace
}  // namespace ripple
