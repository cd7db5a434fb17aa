// The staggered grid's strain-rate samples (strain_samples.hpp): a linear shear u_x = y gives
// u_x,y + u_y,x = 1 at every inner xy edge and nothing elsewhere; a rigid rotation gives no
// strain anywhere; at a no-slip wall the face beside it counts twice (mirrored) at half the
// weight; a sample that reaches past an open side is dropped; samples outside the liquid are
// not built.
#include <gtest/gtest.h>

#include "ripple/fluid/strain_samples.hpp"

namespace ripple {
namespace {

GridGeometry grid() {
  GridGeometry g;
  g.dx = 0.1;
  g.n = Vec3i(5, 6, 4);
  return g;
}

/// e_s for the velocity field v(x) sampled at the face centres.
std::vector<double> strains(const StrainSamples& s, const GridGeometry& g, const std::function<Vec3(const Vec3&)>& v) {
  std::vector<double> out;
  for (int64_t k = 0; k < s.size(); ++k) {
    double e = 0.0;
    for (int64_t t = s.start[static_cast<size_t>(k)]; t < s.start[static_cast<size_t>(k) + 1]; ++t) {
      const StrainTerm& term = s.terms[static_cast<size_t>(t)];
      const Vec3i dims = g.face_dims(term.axis);
      const Vec3i f(static_cast<int>(term.face % dims.x()), static_cast<int>((term.face / dims.x()) % dims.y()),
                    static_cast<int>(term.face / (static_cast<int64_t>(dims.x()) * dims.y())));
      e += term.coefficient * v(g.face_center(term.axis, f.x(), f.y(), f.z()))[term.axis] / g.dx;
    }
    out.push_back(e);
  }
  return out;
}

TEST(StrainSamples, ALinearShearStrainsTheInnerEdgesOnly) {
  const GridGeometry g = grid();
  const WallSides open{false, false, false, false, false, false};
  const StrainSamples s = build_strain_samples(g, open, {}, [](const Vec3&) { return 1.0; });
  const std::vector<double> e = strains(s, g, [](const Vec3& x) { return Vec3(x.y(), 0.0, 0.0); });
  int sheared = 0;
  for (int64_t k = 0; k < s.size(); ++k) {
    const Vec3& x = s.position[static_cast<size_t>(k)];
    const bool xy_edge = std::abs(x.z() / g.dx - std::floor(x.z() / g.dx) - 0.5) < 1e-9 &&
                         std::abs(x.x() / g.dx - std::round(x.x() / g.dx)) < 1e-9 &&
                         std::abs(x.y() / g.dx - std::round(x.y() / g.dx)) < 1e-9;
    if (xy_edge) {
      EXPECT_NEAR(e[static_cast<size_t>(k)], 1.0, 1e-9) << x.transpose();
      EXPECT_DOUBLE_EQ(s.weight[static_cast<size_t>(k)], 0.5);
      ++sheared;
    } else {
      EXPECT_NEAR(e[static_cast<size_t>(k)], 0.0, 1e-9) << x.transpose();
    }
  }
  // Open sides: only the xy edges strictly inside in x and y carry a sample (4 x 5 x 4).
  EXPECT_EQ(sheared, 4 * 5 * 4);
}

TEST(StrainSamples, ARigidRotationHasNoStrain) {
  const GridGeometry g = grid();
  const WallSides open{false, false, false, false, false, false};
  const StrainSamples s = build_strain_samples(g, open, {}, [](const Vec3&) { return 1.0; });
  const Vec3 omega(0.3, -1.1, 0.7), c(0.2, 0.3, 0.15);
  for (double e : strains(s, g, [&](const Vec3& x) { return Vec3(omega.cross(x - c)); })) EXPECT_NEAR(e, 0.0, 1e-9);
}

TEST(StrainSamples, AWallMirrorsTheFaceBesideItAtHalfWeight) {
  const GridGeometry g = grid();
  const WallSides floor_only{false, false, true, false, false, false};
  const StrainSamples s = build_strain_samples(g, floor_only, {}, [](const Vec3&) { return 1.0; });
  int on_floor = 0;
  for (int64_t k = 0; k < s.size(); ++k) {
    const Vec3& x = s.position[static_cast<size_t>(k)];
    if (std::abs(x.y()) > 1e-12) continue;
    // u_x,y + u_y,x at the floor: 2 u_x(beside) / dx from the mirrored face (u_y,x reaches no
    // face there: the floor's y-faces exist, they are part of the sample).
    bool doubled = false;
    for (int64_t t = s.start[static_cast<size_t>(k)]; t < s.start[static_cast<size_t>(k) + 1]; ++t)
      if (s.terms[static_cast<size_t>(t)].coefficient == 2.0) doubled = true;
    EXPECT_TRUE(doubled) << x.transpose();
    EXPECT_LE(s.weight[static_cast<size_t>(k)], 0.25 + 1e-12);  // c = 1/2, halved on the wall
    ++on_floor;
  }
  EXPECT_GT(on_floor, 0);
}

TEST(StrainSamples, NoSamplesOutsideTheLiquid) {
  const GridGeometry g = grid();
  const WallSides walls{true, true, true, true, true, true};
  const StrainSamples s = build_strain_samples(g, walls, {}, [](const Vec3& x) { return x.y() < 0.25 ? 1.0 : 0.0; });
  ASSERT_GT(s.size(), 0);
  for (const Vec3& x : s.position) EXPECT_LT(x.y(), 0.25);
}

}  // namespace
}  // namespace ripple
