// A mesh sequence moves its vertices linearly between frames; its field gives the signed
// distance between frames (a turning, moving box: within 20 um, edges not rounded off) and the
// velocity of its surface from the vertices' motion (within 2 % of the rigid velocity).
#include <gtest/gtest.h>

#include "ripple/solid/mesh_sequence.hpp"
#include "ripple/solid/mesh_sequence_field.hpp"

namespace ripple {
namespace {

/// A 0.1 m cube centred at the origin turning about +y at `spin` rad/s and moving along +x at
/// 0.2 m/s, one frame every 0.05 s from t = 0.1.
MeshSequence turning_cube(double spin, int frames) {
  const TriangleMesh cube = box_mesh(Vec3::Constant(-0.05), Vec3::Constant(0.05));
  std::vector<std::vector<Vec3>> xs;
  for (int f = 0; f < frames; ++f) {
    const double t = 0.05 * f;
    const Mat3 R = Eigen::AngleAxisd(spin * t, Vec3::UnitY()).toRotationMatrix();
    std::vector<Vec3> x;
    for (const Vec3& v : cube.vertices) x.push_back(Vec3(0.2 * t, 0, 0) + R * v);
    xs.push_back(x);
  }
  return MeshSequence(cube.triangles, xs, 0.1, 0.05);
}

TEST(MeshSequence, VerticesMoveLinearlyBetweenFramesAndRestOutsideThem) {
  const MeshSequence s = turning_cube(0.0, 3);
  EXPECT_TRUE(s.moves());
  EXPECT_LT((s.positions(0.0)[0] - s.frame(0)[0]).norm(), 1e-15) << "before the first frame: at it";
  EXPECT_LT((s.positions(0.125)[0] - (s.frame(0)[0] + Vec3(0.005, 0, 0))).norm(), 1e-12) << "half way to frame 1";
  EXPECT_LT((s.positions(9.0)[0] - s.frame(2)[0]).norm(), 1e-15) << "after the last: at it";
  EXPECT_LT((s.velocities(1)[3] - Vec3(0.2, 0, 0)).norm(), 1e-12);
  EXPECT_FALSE(s.interval(0.05).moving);
  EXPECT_TRUE(s.interval(0.16).moving);
  EXPECT_EQ(s.interval(0.16).k, 1u);
  EXPECT_FALSE(s.interval(0.21).moving);
  EXPECT_NEAR(s.max_speed(), 0.2, 1e-12);
}

TEST(MeshSequenceField, DistanceAndVelocityFollowTheVertices) {
  const double spin = 1.0, h = 0.005;
  const auto s = std::make_shared<const MeshSequence>(turning_cube(spin, 5));
  const MeshSequenceField field(s, h);
  // Half way between frames 1 and 2 (t = 0.1 + 0.075 s): the cube's centre is at x = 0.015.
  const double t = 0.175, local_t = t - 0.1;
  const Vec3 centre(0.2 * local_t, 0, 0);
  const Mat3 R = Eigen::AngleAxisd(spin * local_t, Vec3::UnitY()).toRotationMatrix();
  EXPECT_NEAR(field.signed_distance(centre + R * Vec3(0.04, 0.0, 0.0), t), -0.01, 2e-5) << "1 cm inside a face";
  EXPECT_NEAR(field.signed_distance(centre + Vec3(0, 0.06, 0), t), 0.01, 2e-5) << "1 cm above the top face";
  EXPECT_NEAR(field.signed_distance(centre + R * Vec3(0.053, 0.053, 0.0), t), 0.003 * std::sqrt(2.0), 2e-5)
      << "off an edge: not rounded off";
  // Points on the +x and +z faces and near a corner: the rigid velocity v + w x r.
  for (const Vec3& r : {Vec3(0.05, 0.01, 0.02), Vec3(-0.02, 0.03, 0.05), Vec3(0.05, -0.04, 0.04)}) {
    const Vec3 p = centre + R * r;
    const Vec3 rigid = Vec3(0.2, 0, 0) + Vec3(0, spin, 0).cross(R * r);
    EXPECT_LT((field.velocity(p, t) - rigid).norm(), 0.02 * rigid.norm()) << r.transpose();
  }
  EXPECT_EQ(field.velocity(centre, 0.05), Vec3::Zero()) << "at rest before its first frame";
  EXPECT_EQ(field.velocity(centre, 1.0), Vec3::Zero()) << "and after its last";
}

TEST(MeshSequenceField, HoldsAFewFramesAtATimeAndKnowsHowManyBeforeItIsBuilt) {
  // The scene loader refuses a scene that would not fit in memory from the estimate: the most a
  // run holds at once, whatever the sequence's length.
  const auto s = std::make_shared<const MeshSequence>(turning_cube(1.0, 20));
  MeshSequenceField field(s, 0.005);
  EXPECT_EQ(field.bytes(), 0.0) << "nothing sampled before it is asked";
  const double one_frame = 12.0 * 29 * 29 * 29;  // a 0.1 m cube + 4 samples a side, at least
  const double peak = MeshSequenceField::estimate_bytes(*s, 0.005);
  EXPECT_NEAR(MeshSequenceField::estimate_bytes(turning_cube(0.0, 20), 0.005) /
                  MeshSequenceField::estimate_bytes(turning_cube(0.0, 5), 0.005),
              1.0, 0.02)
      << "a few frames at a time, however long the sequence";
  const Vec3 p(0.08, 0.01, 0.02);
  const double before = field.signed_distance(p, 0.5);
  // A run's steps (0.4 frame intervals): queries at the step's start and end, then the clock moves.
  double most = 0.0;
  const double dt = 0.02;
  for (double t = 0.0; t < 1.2; t += dt) {
    field.signed_distance(p, t);
    field.velocity(p, t + dt);
    most = std::max(most, field.bytes());
    field.release_before(t + dt);
  }
  EXPECT_GT(most, 2.0 * one_frame);
  EXPECT_LE(most, peak);
  EXPECT_LT(field.bytes(), 2.0 * one_frame) << "only the last frame is left";
  EXPECT_EQ(field.signed_distance(p, 0.5), before) << "a freed frame is rebuilt the same";
}

}  // namespace
}  // namespace ripple
