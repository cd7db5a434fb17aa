// The independent penetration count: vertices (with their thickness) inside a flat liquid.
#include <gtest/gtest.h>

#include "../../solid/solid_fixtures.hpp"
#include "liquid_fixtures.hpp"
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
}

}  // namespace
}  // namespace ripple
