// The independent penetration count: vertices (with their thickness) inside a flat liquid.
#include <gtest/gtest.h>

#include <cmath>
#include <tuple>

#include "../../solid/solid_fixtures.hpp"
#include "liquid_fixtures.hpp"
#include "ripple/coupling/barrier/narrow_band.hpp"
#include "ripple/coupling/barrier/penetration_check.hpp"

namespace ripple {
namespace {

TEST(PenetrationCheck, CountsVerticesWhoseSurfaceIsInTheLiquid) {
  const GridGeometry g = test::cube_grid(16, 0.01);
  const ScalarGrid phi = test::flat_liquid(g, 0.08);
  SolidModelBuilder b;
  ShellMaterial shell;
  shell.thickness = 2e-3;  // surface 1 mm from the mid-surface
  // A tilted cloth: rows of vertices at heights 0.0805 .. 0.0855 (x = 0.05 .. 0.1).
  auto cloth = test::cloth_grid(6, 0.05, 0.0, 0.075, 0.08);
  for (auto& p : cloth.x) p.y() = 0.0805 + 0.1 * (p.x() - 0.05);
  b.add_shell("cloth", cloth.x, cloth.triangles, shell);
  const SolidModel m = b.build();
  const VectorX x = m.positions(m.rest_coordinates());
  const PenetrationReport r = check_penetration(g, phi, m.collision, x);
  // Row heights 0.0805, 0.0815, ...: only the first row's surface (0.0795) is in the liquid.
  EXPECT_EQ(r.penetrating, 6);
  EXPECT_NEAR(r.min_distance, -0.0005, 1e-12);  // trilinear is exact for a plane
  // Per vertex (the volume control's guard): the same gaps, with either interpolation.
  for (auto kind : {LevelSetInterpolation::linear, LevelSetInterpolation::quadratic}) {
    const std::vector<double> gaps = vertex_gaps(g, phi, m.collision, x, kind);
    EXPECT_NEAR(*std::min_element(gaps.begin(), gaps.end()), -0.0005, 1e-9);
    EXPECT_EQ(std::count_if(gaps.begin(), gaps.end(), [](double d) { return d < 0.0; }), 6);
  }
}

// A drop above a cloth and a pool below it: each component's gap is read on its own, so the
// drop reads as airborne (no vertex within the band) while the pool touches, and the other way.
TEST(PenetrationCheck, ComponentGapsReadEachLiquidOnItsOwn) {
  const GridGeometry g = test::cube_grid(16, 0.01);
  const double eps = 3 * g.dx, pool = 0.03, radius = 0.02;
  const Vec3 centre(0.08, 0.125, 0.08);
  ScalarGrid phi(g.n);
  for (int64_t i = 0; i < phi.size(); ++i) {
    const Vec3i c = phi.coords(i);
    const Vec3 p = g.cell_center(c.x(), c.y(), c.z());
    phi(c.x(), c.y(), c.z()) = std::min(p.y() - pool, (p - centre).norm() - radius);
  }
  const NarrowBand band = select_narrow_band(g, phi, eps, 1.0 / g.dx, 0);
  ASSERT_EQ(band.components.size(), 2u);
  const int pool_id = band.label(8, 0, 8), drop_id = band.label(8, 12, 8);
  ASSERT_NE(pool_id, drop_id);
  ShellMaterial shell;
  shell.thickness = 2e-3;
  for (const auto& [height, pool_gap, drop_gap] :
       {std::tuple{0.045, 0.015 - 1e-3, -1.0}, std::tuple{0.093, -1.0, 0.012 - 1e-3}}) {
    SolidModelBuilder b;
    auto cloth = test::cloth_grid(5, 0.04, height, 0.08, 0.08);
    b.add_shell("cloth", cloth.x, cloth.triangles, shell);
    const SolidModel m = b.build();
    const VectorX x = m.positions(m.rest_coordinates());
    const std::vector<double> gap = component_min_distances(g, phi, band.label, 2, eps, m.collision, x);
    if (pool_gap > 0) {
      EXPECT_NEAR(gap[pool_id], pool_gap, 1e-12) << height;  // trilinear is exact for a plane
    } else {
      EXPECT_TRUE(std::isinf(gap[pool_id])) << height;
    }
    if (drop_gap > 0) {
      EXPECT_NEAR(gap[drop_id], drop_gap, 1e-3) << height;  // the centre vertex, under the ball
    } else {
      EXPECT_TRUE(std::isinf(gap[drop_id])) << height;
    }
    // The overall gap is the nearer component's.
    EXPECT_NEAR(check_penetration(g, phi, m.collision, x).min_distance, std::min(gap[0], gap[1]), 1e-3) << height;
  }
}

}  // namespace
}  // namespace ripple
