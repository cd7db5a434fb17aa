// The membrane's particles and the walls: a pool's contact-line particles are solved along
// their walls only (and not across the sides they lie on), the wetted walls' other particles
// are held, and free particles that come within reach of a wall join it, put on its plane.
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

TEST(LiquidMembrane, FreeParticlesWithinReachJoinTheWall) {
  GridGeometry g;
  LiquidMembrane m = pool(g);
  size_t near = m.size(), far = m.size();
  for (size_t i = 0; i < m.size() && (near == m.size() || far == m.size()); ++i) {
    if (!m.free(i)) continue;
    if (near == m.size()) near = i;
    else far = i;
  }
  ASSERT_LT(far, m.size());
  m.x[near].x() = 0.01;   // within reach of x_min
  m.x[far].z() = 1.0 - 0.05;  // out of reach of z_max
  const std::vector<Vec3> before = m.x;
  EXPECT_EQ(attach_to_walls(m, g, 0.02), 1);
  EXPECT_EQ(m.wall[near], 1u);
  EXPECT_EQ(m.x[near].x(), 0.0);
  EXPECT_EQ(m.x[near].y(), before[near].y());
  EXPECT_EQ(m.wall[far], 0u);
  EXPECT_EQ(m.x[far], before[far]);
  // Past a wall counts as within reach.
  m.x[far].z() = 1.001;
  EXPECT_EQ(attach_to_walls(m, g, 0.02), 1);
  EXPECT_EQ(m.wall[far], 32u);
  EXPECT_EQ(m.x[far].z(), 1.0);
}

}  // namespace
}  // namespace ripple
