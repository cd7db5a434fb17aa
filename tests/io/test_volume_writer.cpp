// Volume files read back as written: the header's grid and every value (float32, big-endian).
#include <gtest/gtest.h>

#include "../test_support.hpp"
#include "ripple/io/volume_writer.hpp"

using namespace ripple;

TEST(VolumeWriter, RoundTripsTheFieldsOfAGrid) {
  GridGeometry g;
  g.n = Vec3i(3, 4, 5);
  g.dx = 0.25;
  g.origin = Vec3(-1, 0, 2);
  ScalarGrid a(3, 4, 5, 0.0), b(3, 4, 5, 0.0);
  for (int64_t i = 0; i < a.size(); ++i) {
    a[i] = 0.5 * static_cast<double>(i);
    b[i] = -1.0 / (1.0 + static_cast<double>(i));
  }
  const std::string path = (test::temp_dir("volume_writer") / "v.vtk").string();
  write_vtk_volume(path, g, {{"smoke", &a}, {"temperature", &b}});
  Vec3i dims = Vec3i::Zero();
  const auto fields = read_vtk_volume(path, dims);
  EXPECT_EQ(dims, g.n);
  ASSERT_EQ(fields.size(), 2u);
  EXPECT_EQ(fields[0].first, "smoke");
  EXPECT_EQ(fields[1].first, "temperature");
  for (int64_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(fields[0].second[i], static_cast<float>(a[i]));
    EXPECT_EQ(fields[1].second[i], static_cast<float>(b[i]));
  }
  // The points are the cell centres.
  EXPECT_NE(test::read_text(path).find("ORIGIN -0.875 0.125 2.125"), std::string::npos);
}
