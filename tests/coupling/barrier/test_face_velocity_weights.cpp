// Rows of the velocity-correction matrix W (Liu et al. 2025, Eq. 23): normalised, empty away
// from solids, and symmetric enough on a regular cloth to carry a linear velocity field.
#include <gtest/gtest.h>

#include "../../solid/solid_fixtures.hpp"
#include "ripple/coupling/barrier/face_velocity_weights.hpp"

namespace ripple {
namespace {

TEST(FaceVelocityWeights, RowsAreNormalisedAndLocal) {
  SolidModelBuilder b;
  const auto cloth = test::cloth_grid(11, 1.0, 0.5);  // 0.1 m spacing, y = 0.5
  b.add_shell("cloth", cloth.x, cloth.triangles, ShellMaterial{});
  RodMaterial rod;
  rod.radius = 2e-3;
  b.add_rod("thread", {Vec3(-0.5, 0.8, 0.0), Vec3(0.0, 0.8, 0.0), Vec3(0.5, 0.8, 0.0)}, {{{0, 1}}, {{1, 2}}}, rod);
  const SolidModel m = b.build();
  const VectorX x = m.positions(m.rest_coordinates());
  const double half = 0.07;
  const std::vector<Vec3> centres{Vec3(0.0, 0.5, 0.0),    // on a cloth vertex
                                  Vec3(0.05, 0.52, 0.05),  // between vertices, just above
                                  Vec3(0.0, 0.2, 0.0),     // far below everything
                                  Vec3(0.25, 0.8, 0.0)};   // on the thread
  const auto rows = face_velocity_weights(m.collision, x, centres, half);
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_TRUE(rows[2].vertices.empty());
  for (int f : {0, 1, 3}) {
    ASSERT_FALSE(rows[f].vertices.empty()) << f;
    double sum = 0.0;
    for (const auto& [v, w] : rows[f].vertices) {
      EXPECT_GT(w, 0.0);
      sum += w;
      // Every weighted vertex belongs to an element reaching into the box: within one cloth
      // spacing of it (or, for the thread, one of its 0.5 m edges).
      EXPECT_LT((x.segment<3>(3 * v) - centres[f]).cwiseAbs().maxCoeff(), f == 3 ? 0.51 : half + 0.1 + 1e-12) << f;
    }
    EXPECT_NEAR(sum, 1.0, 1e-12) << f;
  }
  // The thread's row holds its vertices only (the cloth is 0.3 m below).
  for (const auto& [v, w] : rows[3].vertices) EXPECT_GE(v, 121);
  // Symmetric about a grid vertex: a linear velocity field v(x) = G x + c comes out exactly.
  Mat3 G;
  G << 0.3, -0.2, 0.1, 0.5, 0.0, -0.4, 0.2, 0.7, -0.1;
  const Vec3 c(0.1, -0.3, 0.2);
  Vec3 u = Vec3::Zero();
  for (const auto& [v, w] : rows[0].vertices) u += w * (G * x.segment<3>(3 * v) + c);
  EXPECT_LT((u - (G * centres[0] + c)).norm(), 1e-12);
}

}  // namespace
}  // namespace ripple
