// The membrane's particles and the walls: a pool's contact-line particles are solved along
// their walls only (and not across the sides they lie on), the wetted walls' other particles
// are held, and free particles that come within reach of a wall join it, put on its plane,
// unless that would lay a triangle over the wetted wall facing into the liquid.
#include <gtest/gtest.h>

#include "ripple/coupling/membrane/liquid_membrane.hpp"

namespace ripple {
namespace {

LiquidMembrane pool(GridGeometry& g) {
  g.n = Vec3i::Constant(8);
  g.dx = 1.0 / 8;
  ScalarGrid phi(g.n, 0.0);
  for (int64_t c = 0; c < phi.size(); ++c) phi[c] = g.cell_center(0, phi.coords(c).y(), 0).y() - 0.4;
  return build_membrane(phi, g, 2);
}

TEST(LiquidMembrane, TheContactLineIsSolvedAlongItsWallsAndTheWettedWallsAreHeld) {
  GridGeometry g;
  const LiquidMembrane m = pool(g);
  const std::vector<uint8_t> axes = solved_axes(m);
  int line = 0, held = 0;
  for (size_t i = 0; i < m.size(); ++i) {
    if (m.free(i)) {
      EXPECT_EQ(axes[i], 7u);
      continue;
    }
    const bool on_line = std::abs(m.x[i].y() - 0.4) < 1e-6;  // the pool's surface meets the walls at y = 0.4
    if (on_line) {
      ++line;
      for (int a = 0; a < 3; ++a) {
        const bool blocked = (m.wall[i] >> (2 * a)) & 3u;
        EXPECT_EQ(((axes[i] >> a) & 1u) == 0, blocked) << "particle " << i << " axis " << a;
      }
    } else {
      ++held;
      EXPECT_EQ(axes[i], 0u) << "particle " << i;
    }
  }
  EXPECT_GT(line, 16);
  EXPECT_GT(held, 16);
}

/// A free particle in a triangle with two particles of the contact line on wall `bit` (the
/// pool's surface meets the walls at y = 0.4); m.size() if none.
size_t beside_line(const LiquidMembrane& m, unsigned bit) {
  for (const Eigen::Vector3i& t : m.triangles) {
    int line = 0, free = -1;
    for (int c = 0; c < 3; ++c) {
      const size_t k = static_cast<size_t>(t[c]);
      if (m.wall[k] == bit && std::abs(m.x[k].y() - 0.4) < 1e-6) ++line;
      if (m.free(k)) free = t[c];
    }
    if (line == 2 && free >= 0) return static_cast<size_t>(free);
  }
  return m.size();
}

TEST(LiquidMembrane, FreeParticlesWithinReachJoinTheWall) {
  GridGeometry g;
  LiquidMembrane m = pool(g);
  const size_t near = beside_line(m, 1u), past = beside_line(m, 2u);
  ASSERT_LT(near, m.size());
  ASSERT_LT(past, m.size());
  size_t far = 0;
  while (!m.free(far) || far == near || far == past) ++far;
  // Lifted beside x_min above the line (a film the flow presses on the wall), moving off it.
  m.x[near] = Vec3(0.01, 0.45, m.x[near].z());
  m.v[near] = Vec3(-0.1, 0.2, 0.3);
  const Vec3 far_before = m.x[far];
  EXPECT_EQ(attach_to_walls(m, g, 0.02), 1);
  EXPECT_EQ(m.wall[near], 1u);
  EXPECT_EQ(m.x[near], Vec3(0.0, 0.45, m.x[near].z()));
  EXPECT_EQ(m.v[near], Vec3(0.0, 0.2, 0.3));  // at rest across its wall
  EXPECT_EQ(m.wall[far], 0u);
  EXPECT_EQ(m.x[far], far_before);
  // Past a wall counts as within reach.
  m.x[past] = Vec3(1.001, 0.45, m.x[past].z());
  EXPECT_EQ(attach_to_walls(m, g, 0.02), 1);
  EXPECT_EQ(m.wall[past], 2u);
  EXPECT_EQ(m.x[past].x(), 1.0);
}

TEST(LiquidMembrane, AParticleBelowTheContactLineDoesNotJoinTheWallAsAFlap) {
  GridGeometry g;
  LiquidMembrane m = pool(g);
  const size_t p = beside_line(m, 1u);
  ASSERT_LT(p, m.size());
  // Pulled down beside the wall (a surface turning under the line): joining would put it on
  // the wetted wall below the line, its triangle there facing into the liquid.
  m.x[p].x() = 0.01;
  m.x[p].y() = 0.35;
  EXPECT_EQ(attach_to_walls(m, g, 0.02), 0);
  EXPECT_EQ(m.wall[p], 0u);
  // Lifted beside the wall above the line (a film the flow presses on the wall): it joins.
  m.x[p].y() = 0.45;
  EXPECT_EQ(attach_to_walls(m, g, 0.02), 1);
  EXPECT_EQ(m.wall[p], 1u);
  for (const Eigen::Vector3i& t : m.triangles) {
    const size_t a = static_cast<size_t>(t[0]), b = static_cast<size_t>(t[1]), c = static_cast<size_t>(t[2]);
    EXPECT_TRUE(wall_triangle_faces_out(m.x[a], m.x[b], m.x[c], m.wall[a] & m.wall[b] & m.wall[c]));
  }
}

}  // namespace
}  // namespace ripple
