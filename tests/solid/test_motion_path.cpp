// Prescribed rigid motion: keyframes are passed exactly at their times, linear interpolation
// moves at a constant velocity between keys, smooth interpolation rests at every key, the
// velocities are the derivatives of the poses (finite differences), rotations turn the short
// way, and a constant velocity and spin is the motion it always was.
#include <gtest/gtest.h>

#include <numbers>

#include "ripple/solid/motion_path.hpp"

using namespace ripple;

namespace {

std::vector<PoseKey> three_keys() {
  std::vector<PoseKey> keys(3);
  keys[0] = {0.5, Vec3(0.1, 0.2, 0.3), Eigen::Quaterniond::Identity()};
  keys[1] = {1.0, Vec3(0.4, 0.2, 0.1), Eigen::Quaterniond(Eigen::AngleAxisd(0.8, Vec3(0, 1, 0)))};
  keys[2] = {2.0, Vec3(0.4, 0.6, 0.1), Eigen::Quaterniond(Eigen::AngleAxisd(1.5, Vec3(1, 1, 0).normalized()))};
  return keys;
}

}  // namespace

TEST(MotionPath, KeysArePassedExactlyAtTheirTimes) {
  const Vec3 rest(1, 2, 3);
  for (const PathInterpolation interp : {PathInterpolation::linear, PathInterpolation::smooth}) {
    const MotionPath path = MotionPath::keyframed(rest, three_keys(), interp);
    for (const PoseKey& k : three_keys()) {
      const Pose p = path.at(k.time);
      EXPECT_LT((p.centre - k.position).norm(), 1e-14);
      EXPECT_LT((p.rotation - k.rotation.toRotationMatrix()).norm(), 1e-14);
    }
    // Held before the first key and after the last.
    EXPECT_LT((path.at(0.0).centre - three_keys()[0].position).norm(), 1e-14);
    EXPECT_LT((path.at(9.0).centre - three_keys()[2].position).norm(), 1e-14);
    EXPECT_EQ(path.velocity(0.2).norm(), 0.0);
    EXPECT_EQ(path.angular_velocity(3.0).norm(), 0.0);
  }
}

TEST(MotionPath, LinearMovesAtAConstantVelocityAndSmoothRestsAtTheKeys) {
  const MotionPath linear = MotionPath::keyframed(Vec3::Zero(), three_keys(), PathInterpolation::linear);
  for (const double t : {1.1, 1.4, 1.9}) {
    EXPECT_LT((linear.velocity(t) - Vec3(0, 0.4, 0)).norm(), 1e-12) << t;
    EXPECT_NEAR(linear.angular_velocity(t).norm(), linear.angular_velocity(1.2).norm(), 1e-12) << t;
  }
  const MotionPath smooth = MotionPath::keyframed(Vec3::Zero(), three_keys(), PathInterpolation::smooth);
  for (const double t : {0.5, 1.0, 2.0}) {
    EXPECT_LT(smooth.velocity(t).norm(), 1e-12) << t;
    EXPECT_LT(smooth.angular_velocity(t).norm(), 1e-12) << t;
  }
  EXPECT_NEAR(smooth.velocity(1.5).y(), 1.5 * 0.4, 1e-12);  // the middle of an interval: 1.5 times the mean
  // At the first key a linear path already moves: a step that starts there sees its velocity.
  const double first = three_keys().front().time;
  EXPECT_LT((linear.velocity(first) - linear.velocity(first + 1e-3)).norm(), 1e-12);
  EXPECT_EQ(linear.velocity(first - 1e-9).norm(), 0.0);
}

TEST(MotionPath, VelocitiesAreTheDerivativesOfThePoses) {
  const double h = 1e-6;
  for (const PathInterpolation interp : {PathInterpolation::linear, PathInterpolation::smooth}) {
    const MotionPath path = MotionPath::keyframed(Vec3(0.3, 0.1, 0.2), three_keys(), interp);
    const Vec3 x_rest(0.5, 0.3, 0.0);  // a point of the shape
    for (const double t : {0.7, 1.3, 1.77}) {
      const Pose a = path.at(t - h), b = path.at(t + h), p = path.at(t);
      EXPECT_LT(((b.centre - a.centre) / (2 * h) - path.velocity(t)).norm(), 1e-6) << t;
      // dR/dt = [omega]x R
      const Mat3 dR = (b.rotation - a.rotation) / (2 * h);
      const Vec3 w = path.angular_velocity(t);
      Mat3 W;
      W << 0, -w.z(), w.y(), w.z(), 0, -w.x(), -w.y(), w.x(), 0;
      EXPECT_LT((dR - W * p.rotation).norm(), 1e-6) << t;
      // The velocity of a point riding on the shape.
      const Vec3 x = p.centre + p.rotation * (x_rest - path.rest_centre());
      const Vec3 xa = a.centre + a.rotation * (x_rest - path.rest_centre());
      const Vec3 xb = b.centre + b.rotation * (x_rest - path.rest_centre());
      EXPECT_LT(((xb - xa) / (2 * h) - path.velocity_at(x, t)).norm(), 1e-6) << t;
    }
  }
}

TEST(MotionPath, RotationsTurnTheShortWay) {
  // Keys at 0 and 170 degrees, the second given as its negated quaternion (the same rotation):
  // halfway the obstacle has turned 85 degrees, not 95 the other way.
  std::vector<PoseKey> keys(2);
  keys[1].time = 1.0;
  keys[1].rotation = Eigen::Quaterniond(Eigen::AngleAxisd(170.0 * std::numbers::pi / 180.0, Vec3::UnitZ()));
  keys[1].rotation.coeffs() *= -1.0;
  const MotionPath path = MotionPath::keyframed(Vec3::Zero(), keys, PathInterpolation::linear);
  const Eigen::AngleAxisd half(path.at(0.5).rotation);
  EXPECT_NEAR(half.angle(), 85.0 * std::numbers::pi / 180.0, 1e-9);
  EXPECT_NEAR(path.angular_velocity(0.5).z(), 170.0 * std::numbers::pi / 180.0, 1e-9);
}

TEST(MotionPath, AConstantVelocityAndSpin) {
  const Vec3 c0(1, 0, 0), v(0.2, 0, 0.1), w(0, 3, 0);
  const MotionPath path = MotionPath::constant(c0, v, w);
  EXPECT_TRUE(path.moves());
  EXPECT_FALSE(MotionPath(c0).moves());
  const Pose p = path.at(0.5);
  EXPECT_LT((p.centre - (c0 + 0.5 * v)).norm(), 1e-15);
  EXPECT_LT((p.rotation - Eigen::AngleAxisd(1.5, Vec3::UnitY()).toRotationMatrix()).norm(), 1e-14);
  EXPECT_LT((path.velocity_at(c0 + 0.5 * v + Vec3(0, 0, 1), 0.5) - (v + w.cross(Vec3(0, 0, 1)))).norm(), 1e-14);
}
