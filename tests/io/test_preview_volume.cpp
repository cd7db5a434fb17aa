// The preview's smoke: a density volume darkens the image toward the smoke's colour where the
// rays cross it, by its opacity, and leaves it alone where the density is zero.
#include <gtest/gtest.h>

#include "ripple/io/preview_renderer.hpp"

using namespace ripple;

TEST(PreviewVolume, SmokeDarkensOnlyWhereItIs) {
  GridGeometry g;
  g.n = Vec3i(10, 10, 10);
  g.dx = 0.1;
  const Aabb domain{Vec3::Zero(), Vec3::Ones()};
  const PreviewCamera cam{Vec3(0.5, 0.5, 4.0), Vec3(0.5, 0.5, 0.5), 30.0};
  ScalarGrid density(10, 10, 10, 0.0);
  PreviewVolume vol;
  vol.density = &density;
  vol.grid = g;
  vol.extinction = 20.0;
  RgbImage plain = render_preview({}, domain, cam, 64, 64);
  RgbImage empty = render_preview({}, domain, cam, 64, 64, &vol);
  for (int y = 0; y < 64; ++y)
    for (int x = 0; x < 64; ++x)
      for (int k = 0; k < 3; ++k) ASSERT_EQ(plain.at(x, y)[k], empty.at(x, y)[k]);
  // A column of smoke in the middle, 0.2 m deep along the view: opacity 1 - e^-4.
  for (int k = 4; k < 6; ++k)
    for (int j = 0; j < 10; ++j)
      for (int i = 4; i < 6; ++i) density(i, j, k) = 1.0;
  RgbImage smoky = render_preview({}, domain, cam, 64, 64, &vol);
  const int mid = 32;
  // Dark smoke over a light background: the middle pixel is much darker, a corner unchanged.
  EXPECT_LT(smoky.at(mid, mid)[0] + 60, plain.at(mid, mid)[0]);
  // A pixel whose ray crosses the domain but not the column keeps its colour.
  const int side = 22;  // 10 pixels left of the middle: x = 0.5 - 0.18 m at the column's depth
  EXPECT_EQ(smoky.at(side, mid)[0], plain.at(side, mid)[0]);
}
