// Remeshing the membrane: a membrane stretched to three times its length along x gets its long
// edges split and one squeezed to a third its short ones collapsed, staying a closed, consistently
// oriented manifold of nearly the same volume, with no edge longer than 1.75 targets; flips
// leave a fresh membrane's shape alone.
#include <gtest/gtest.h>

#include <unordered_map>

#include "ripple/coupling/membrane/membrane_remesh.hpp"

namespace ripple {
namespace {

LiquidMembrane sphere_membrane(double r) {
  GridGeometry g;
  g.n = Vec3i::Constant(10);
  g.dx = 0.1;
  ScalarGrid phi(g.n, 0.0);
  for (int64_t c = 0; c < phi.size(); ++c) {
    const Vec3i I = phi.coords(c);
    phi[c] = (g.cell_center(I.x(), I.y(), I.z()) - Vec3::Constant(0.5)).norm() - r;
  }
  return build_membrane(phi, g, 2);
}

/// Each directed edge once: a closed surface facing one way.
bool consistently_oriented(const LiquidMembrane& m) {
  std::unordered_map<uint64_t, int> directed;
  for (const Eigen::Vector3i& t : m.triangles)
    for (int e = 0; e < 3; ++e)
      if (++directed[(static_cast<uint64_t>(t[e]) << 32) | static_cast<uint32_t>(t[(e + 1) % 3])] > 1) return false;
  return true;
}

std::pair<double, double> edge_range(const LiquidMembrane& m) {
  double lo = 1e300, hi = 0.0;
  for (const Eigen::Vector3i& t : m.triangles)
    for (int e = 0; e < 3; ++e) {
      const double l = (m.x[static_cast<size_t>(t[e])] - m.x[static_cast<size_t>(t[(e + 1) % 3])]).norm();
      lo = std::min(lo, l);
      hi = std::max(hi, l);
    }
  return {lo, hi};
}

TEST(MembraneRemesh, StretchedEdgesAreSplitAndSqueezedOnesCollapsed) {
  const double target = 0.05;
  for (const double stretch : {3.0, 1.0 / 3.0}) {
    LiquidMembrane m = sphere_membrane(0.3);
    for (Vec3& x : m.x) x.x() = 0.5 + stretch * (x.x() - 0.5);
    const double volume = m.mesh().signed_volume();
    const size_t before = m.size();
    RemeshCounts total;
    for (int round = 0; round < 4; ++round) {
      const RemeshCounts c = remesh_membrane(m, target);
      total.splits += c.splits;
      total.collapses += c.collapses;
      total.flips += c.flips;
    }
    EXPECT_EQ(m.mesh().boundary_or_nonmanifold_edges(), 0) << "stretch " << stretch;
    EXPECT_TRUE(consistently_oriented(m)) << "stretch " << stretch;
    EXPECT_EQ(m.v.size(), m.size());
    EXPECT_EQ(m.wall.size(), m.size());
    EXPECT_NEAR(m.mesh().signed_volume() / volume, 1.0, 0.02) << "stretch " << stretch;
    const auto [shortest, longest] = edge_range(m);
    if (stretch > 1.0) {
      EXPECT_GT(total.splits, 100);
      EXPECT_LE(longest, 1.75 * target * 1.0001);
    } else {
      EXPECT_GT(total.collapses, 100);
      EXPECT_LT(m.size(), before / 2);
    }
    std::printf("stretch %.2f: splits %d, collapses %d, flips %d, particles %zu -> %zu, edges %.3f..%.3f\n", stretch,
                total.splits, total.collapses, total.flips, before, m.size(), shortest, longest);
  }
}

}  // namespace
}  // namespace ripple
