// Integrals over a closed triangle mesh: the volume's first moment (the liquid's potential
// energy) and the area off the domain's walls (its surface energy).
#include <gtest/gtest.h>

#include "ripple/core/triangle_mesh.hpp"

namespace ripple {
namespace {

TEST(TriangleMesh, VolumeMomentIsVolumeTimesCentroid) {
  const Vec3 lo(0.1, 0.2, -0.3), hi(0.4, 0.7, 0.1);
  const TriangleMesh m = box_mesh(lo, hi);
  const double volume = 0.3 * 0.5 * 0.4;
  ASSERT_NEAR(m.signed_volume(), volume, 1e-15);  // outward orientation
  const Vec3 moment = m.volume_moment();
  const Vec3 expected = volume * 0.5 * (lo + hi);
  EXPECT_LT((moment - expected).norm(), 1e-15);
}

TEST(TriangleMesh, AreaOffWallsLeavesOutTheCapsOnTheWalls) {
  Aabb domain;
  domain.extend(Vec3(0, 0, 0));
  domain.extend(Vec3(1, 1, 1));
  // A slab of liquid on the floor, against the wall x = 1: two of its faces are caps.
  const TriangleMesh slab = box_mesh(Vec3(0.5, 0, 0.2), Vec3(1, 0.1, 0.6));
  const double all = 2 * (0.5 * 0.1 + 0.5 * 0.4 + 0.1 * 0.4);
  EXPECT_NEAR(slab.area(), all, 1e-12);
  EXPECT_NEAR(slab.area_off_walls(domain), all - 0.5 * 0.4 - 0.1 * 0.4, 1e-12);
  // Away from the walls everything counts.
  const TriangleMesh drop = box_mesh(Vec3(0.4, 0.4, 0.4), Vec3(0.6, 0.6, 0.6));
  EXPECT_NEAR(drop.area_off_walls(domain), drop.area(), 1e-15);
}

}  // namespace
}  // namespace ripple
