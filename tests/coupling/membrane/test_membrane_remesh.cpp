// Remeshing the membrane: a membrane stretched to three times its length along x gets its long
// edges split and one squeezed to a third its short ones collapsed, staying a closed, consistently
// oriented manifold of nearly the same volume, with no edge longer than 1.75 targets; flips
// leave a fresh membrane's shape alone, and a crease is flipped only within 45 degrees on a body
// (10 on the free surface). A contact line sliding up and down a wall leaves the
// wetted wall's triangles unfolded, its particles on the wall, and their number bounded.
#include <gtest/gtest.h>

#include <numbers>
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

TEST(MembraneRemesh, AContactSheetOnABodyIsRemeshedAndKeepsItsBody) {
  // The lower half of a sphere taken as lying on a body, then squeezed along x to a third:
  // the sheet's short edges collapse as the free surface's do, and no edge joins a body's
  // particle to a free one by a collapse (each particle keeps its body or stays free).
  const double target = 0.05;
  LiquidMembrane m = sphere_membrane(0.3);
  for (size_t i = 0; i < m.size(); ++i) m.body[i] = m.x[i].y() < 0.45 ? 0 : -1;
  for (Vec3& x : m.x) x.x() = 0.5 + (x.x() - 0.5) / 3.0;
  auto sheet = [](const LiquidMembrane& mm) {
    int n = 0;
    for (size_t i = 0; i < mm.size(); ++i) n += mm.body[i] == 0;
    return n;
  };
  const int sheet_before = sheet(m);
  const size_t free_before = m.size() - static_cast<size_t>(sheet_before);
  int collapses = 0;
  for (int round = 0; round < 4; ++round) collapses += remesh_membrane(m, target).collapses;
  EXPECT_EQ(m.mesh().boundary_or_nonmanifold_edges(), 0);
  EXPECT_TRUE(consistently_oriented(m));
  EXPECT_LT(sheet(m), sheet_before / 2);                               // the sheet was remeshed
  EXPECT_LT(m.size() - static_cast<size_t>(sheet(m)), free_before / 2);  // as the free surface
  for (size_t i = 0; i < m.size(); ++i)
    if (m.body[i] == 0) EXPECT_LT(m.x[i].y(), 0.45 + 1e-12);  // no particle changed side
    else EXPECT_GT(m.x[i].y(), 0.45 - 0.5 * target);
  std::printf("sheet particles %d -> %d, collapses %d\n", sheet_before, sheet(m), collapses);
}

TEST(MembraneRemesh, ACreaseOnABodyIsFlippedOnlyWithin45Degrees) {
  // Two triangles on edge a-b, each with a near-flat angle opposite it (not Delaunay), turned
  // phi apart about the edge. On a body's curved surface (phi small) the pair is flipped; over
  // a box's edge (phi = 90 degrees) or at 60 degrees a flip would lay a chord through the body,
  // so it stays. On the free surface the limit is 10 degrees.
  const double L = 0.05, delta = 0.005;
  auto flips_at = [&](double phi_deg, int body) {
    const double phi = phi_deg * std::numbers::pi / 180.0;
    LiquidMembrane m;
    m.x = {Vec3(0, 0, 0), Vec3(L, 0, 0), Vec3(0.5 * L, -delta, 0),
           Vec3(0.5 * L, delta * std::cos(phi), delta * std::sin(phi))};
    m.v.assign(4, Vec3::Zero());
    m.wall.assign(4, 0);
    m.body.assign(4, body);
    m.triangles = {Eigen::Vector3i(0, 1, 2), Eigen::Vector3i(1, 0, 3)};
    return remesh_membrane(m, L).flips;
  };
  EXPECT_EQ(flips_at(20.0, 0), 1);
  EXPECT_EQ(flips_at(60.0, 0), 0);
  EXPECT_EQ(flips_at(90.0, 0), 0);
  EXPECT_EQ(flips_at(5.0, -1), 1);
  EXPECT_EQ(flips_at(20.0, -1), 0);
}

TEST(MembraneRemesh, AContactLineSlidingUpAndDownAWallKeepsTheWetWallSound) {
  GridGeometry g;
  g.n = Vec3i::Constant(10);
  g.dx = 0.1;
  ScalarGrid phi(g.n, 0.0);
  for (int64_t c = 0; c < phi.size(); ++c) phi[c] = g.cell_center(0, phi.coords(c).y(), 0).y() - 0.4;
  LiquidMembrane m = build_membrane(phi, g, 2);
  const double target = 0.05;
  remesh_membrane(m, target);
  const size_t start = m.size();
  // Ten strokes of 0.02 up, then ten down, then ten up: the surface lifts near x_min as a
  // meniscus does (by exp(-x / 0.1)), the contact line's particles on x_min with it.
  for (int stroke = 0; stroke < 30; ++stroke) {
    const double lift = (stroke / 10 == 1 ? -0.02 : 0.02);
    const std::vector<uint8_t> axes = solved_axes(m);
    for (size_t i = 0; i < m.size(); ++i)
      if (axes[i] & 2u) m.x[i].y() += lift * std::exp(-m.x[i].x() / 0.1);
    remesh_membrane(m, target);
    ASSERT_EQ(m.mesh().boundary_or_nonmanifold_edges(), 0) << "stroke " << stroke;
    ASSERT_TRUE(consistently_oriented(m)) << "stroke " << stroke;
  }
  double line_height = 0.0;
  for (size_t i = 0; i < m.size(); ++i) {
    for (int a = 0; a < 3; ++a) {
      if (m.wall[i] & (1u << (2 * a))) {
        EXPECT_EQ(m.x[i][a], 0.0);
      }
      if (m.wall[i] & (2u << (2 * a))) {
        EXPECT_NEAR(m.x[i][a], 1.0, 1e-12);
      }
    }
    if ((m.wall[i] & 1u) && (solved_axes(m)[i] & 2u)) line_height = std::max(line_height, m.x[i].y());
  }
  EXPECT_NEAR(line_height, 0.6, 1e-6);  // ten strokes of 0.02 up, net
  // The wet wall x_min faces -x everywhere: none of its triangles folded over.
  for (const Eigen::Vector3i& t : m.triangles) {
    const size_t a = static_cast<size_t>(t[0]), b = static_cast<size_t>(t[1]), c = static_cast<size_t>(t[2]);
    if ((m.wall[a] & m.wall[b] & m.wall[c]) != 1u) continue;
    const Vec3 n = (m.x[b] - m.x[a]).cross(m.x[c] - m.x[a]);
    EXPECT_LT(n.x(), 0.0);
  }
  EXPECT_LT(m.size(), start * 5 / 4) << "particles " << start << " -> " << m.size();
  std::printf("particles %zu -> %zu\n", start, m.size());
}

}  // namespace
}  // namespace ripple
