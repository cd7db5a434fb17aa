// Neumann faces of the final projection (Liu et al. 2025, Sec. 4.3.6): the liquid-air faces
// under a cloth lying on a flat liquid take the cloth's velocity; faces elsewhere do not.
#include <gtest/gtest.h>

#include "../../solid/solid_fixtures.hpp"
#include "liquid_fixtures.hpp"
#include "ripple/coupling/barrier/contact_faces.hpp"

namespace ripple {
namespace {

TEST(ContactFaces, FacesUnderAClothTakeItsVelocity) {
  const GridGeometry g = test::cube_grid(20, 0.02);
  const ScalarGrid phi = test::flat_liquid(g, 0.2);  // surface at y = 0.2
  // A 0.12 m cloth patch 1 mm above the surface, centred at (0.2, ., 0.2), sinking at 0.3 m/s.
  SolidModelBuilder b;
  const auto cloth = test::cloth_grid(7, 0.12, 0.201, 0.2, 0.2);
  b.add_shell("cloth", cloth.x, cloth.triangles, ShellMaterial{});
  const SolidModel m = b.build();
  const VectorX x = m.positions(m.rest_coordinates());
  std::vector<int> all(49);
  for (int v = 0; v < 49; ++v) all[v] = v;
  const auto faces = find_contact_faces(g, phi, x, all);
  ASSERT_FALSE(faces.empty());
  for (const ContactFace& f : faces) {
    EXPECT_EQ(f.axis, 1);  // a flat surface: only y-faces separate liquid from air
    EXPECT_NEAR(f.centre.y(), 0.2, 1e-12);
    EXPECT_LT(std::abs(f.centre.x() - 0.2), 0.06 + 2 * g.dx + 1e-12);
  }
  SolidBoundary sb;
  for (int a = 0; a < 3; ++a) sb.face_open[a] = ScalarGrid(g.face_dims(a), 1.0);
  sb.velocity.resize(g);
  VectorX v = VectorX::Zero(3 * 49);
  for (int i = 0; i < 49; ++i) v[3 * i + 1] = -0.3;
  const int closed = close_contact_faces(sb, faces, m.collision, x, v, 0.5 * g.dx);
  EXPECT_GT(closed, 0);
  int count = 0;
  for (int64_t f = 0; f < sb.face_open[1].size(); ++f) {
    if (sb.face_open[1].data()[f] != 0.0) continue;
    ++count;
    EXPECT_NEAR(sb.velocity.u[1].data()[f], -0.3, 1e-12);
    const Vec3i q = sb.face_open[1].coords(f);
    const Vec3 c = g.face_center(1, q.x(), q.y(), q.z());
    // Closed only where the cloth covers the face's box (the patch spans 0.14-0.26 in x, z).
    EXPECT_LE(std::abs(c.x() - 0.2), 0.06 + 0.5 * g.dx + 1e-12);
    EXPECT_LE(std::abs(c.z() - 0.2), 0.06 + 0.5 * g.dx + 1e-12);
  }
  EXPECT_EQ(count, closed);
  EXPECT_GE(closed, 36);  // the 6 x 6 faces whose centres lie under the patch
  for (int a : {0, 2})
    for (double open : sb.face_open[a].data()) EXPECT_EQ(open, 1.0);
}

}  // namespace
}  // namespace ripple
