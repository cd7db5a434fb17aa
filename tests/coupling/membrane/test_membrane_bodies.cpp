// The membrane's contact set on a rigid body: particles within reach are projected onto the
// body's surface, and one joining the contact sheet from over it (a free surface overhanging the
// wetted sheet) slides to the contact line's dry side, so that its new contact triangle faces
// into the body like the sheet's and does not lie back over it. One joining from the dry side
// stays where the projection put it.
#include <gtest/gtest.h>

#include <cmath>

#include "ripple/coupling/membrane/membrane_bodies.hpp"

using namespace ripple;

namespace {

/// A 4 mm cube at the origin (top face y = 2 mm); a contact sheet triangle (j, l, q) on its top
/// face facing into it, and a free particle i at height `height` (m) above the face at z = `z`
/// (m), joined to the sheet's edge j-l by the triangle (l, j, i).
struct SheetEdge {
  std::vector<RigidBody> bodies;
  LiquidMembrane m;
};

SheetEdge sheet_edge(double height, double z) {
  SheetEdge s;
  s.bodies.push_back(box_body(Vec3::Constant(0.004), 1000.0));
  s.m.x = {Vec3(0.0, 0.002, 0.0), Vec3(0.001, 0.002, 0.0), Vec3(0.0005, 0.002, 0.001), Vec3(0.0005, 0.002 + height, z)};
  s.m.v.assign(4, Vec3::Zero());
  s.m.wall.assign(4, 0);
  s.m.body = {0, 0, 0, -1};
  s.m.triangles = {Eigen::Vector3i(0, 1, 2), Eigen::Vector3i(1, 0, 3)};
  return s;
}

double normal_y(const LiquidMembrane& m, int t) {
  const Eigen::Vector3i& tri = m.triangles[static_cast<size_t>(t)];
  const Vec3 &a = m.x[static_cast<size_t>(tri[0])], &b = m.x[static_cast<size_t>(tri[1])], &c = m.x[static_cast<size_t>(tri[2])];
  return (b - a).cross(c - a).normalized().y();
}

}  // namespace

TEST(MembraneBodies, AParticleJoiningFromOverTheSheetSlidesBesideIt) {
  const double reach = 1e-4;
  SheetEdge s = sheet_edge(0.5 * reach, 0.0003);  // over the sheet's side of edge j-l
  ASSERT_GT(normal_y(s.m, 1), 0.0);               // as it is, projected it would face out of the cube
  EXPECT_EQ(update_contact_particles(s.m, s.bodies, reach), 4);
  EXPECT_EQ(s.m.body[3], 0);
  EXPECT_NEAR(s.m.x[3].y(), 0.002, 1e-3 * reach);          // on the surface
  EXPECT_LE(s.m.x[3].z(), -0.2 * 0.001 * (1.0 - 1e-9));    // a fifth of the edge beyond the line
  EXPECT_NEAR(s.m.x[3].x(), 0.0005, 1e-12);                // straight across it
  EXPECT_LT(normal_y(s.m, 0), -0.99);
  EXPECT_LT(normal_y(s.m, 1), -0.99);                       // facing into the cube like the sheet
}

TEST(MembraneBodies, AParticleJoiningFromTheDrySideIsOnlyProjected) {
  const double reach = 1e-4;
  SheetEdge s = sheet_edge(0.5 * reach, -0.0004);
  EXPECT_EQ(update_contact_particles(s.m, s.bodies, reach), 4);
  EXPECT_EQ(s.m.body[3], 0);
  EXPECT_NEAR(s.m.x[3].y(), 0.002, 1e-3 * reach);
  EXPECT_NEAR(s.m.x[3].z(), -0.0004, 1e-9);
  EXPECT_NEAR(s.m.x[3].x(), 0.0005, 1e-12);
}

TEST(MembraneBodies, AParticleBeyondReachStaysFreeAndUnmoved) {
  const double reach = 1e-4;
  SheetEdge s = sheet_edge(2.0 * reach, 0.0003);
  const Vec3 before = s.m.x[3];
  EXPECT_EQ(update_contact_particles(s.m, s.bodies, reach), 3);
  EXPECT_EQ(s.m.body[3], -1);
  EXPECT_EQ(s.m.x[3], before);
}
