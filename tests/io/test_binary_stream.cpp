// The checkpoint reader: what a writer wrote comes back, and a corrupt or truncated stream is
// refused with InputError before anything is allocated for it.
#include <gtest/gtest.h>

#include "ripple/io/binary_stream.hpp"

namespace ripple {
namespace {

std::string grid_stream(int nx, int ny, int nz) {
  Array3<double> g(2, 3, 4, 1.5);
  BinaryWriter w;
  w.put_grid(g);
  std::string data = w.data();
  std::memcpy(data.data(), &nx, 4);  // the header's sizes, as a corrupt file would have them
  std::memcpy(data.data() + 4, &ny, 4);
  std::memcpy(data.data() + 8, &nz, 4);
  return data;
}

std::string error_reading(const std::string& data) {
  BinaryReader r(data, "ck.bin");
  Array3<double> g;
  try {
    r.get_grid(g);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(BinaryStream, GridsAndVectorsRoundTrip) {
  BinaryWriter w;
  Array3<double> g(2, 3, 4, 1.5);
  g(1, 2, 3) = -7.0;
  w.put_grid(g);
  w.put_vec(std::vector<int>{});  // empty vectors too
  w.put_vec(std::vector<int>{4, 5});
  const std::string data = w.data();
  BinaryReader r(data, "ck.bin");
  Array3<double> back;
  r.get_grid(back);
  std::vector<int> empty = {9}, two;
  r.get_vec(empty);
  r.get_vec(two);
  EXPECT_EQ(back.nx(), 2);
  EXPECT_EQ(back(1, 2, 3), -7.0);
  EXPECT_TRUE(empty.empty());
  EXPECT_EQ(two, (std::vector<int>{4, 5}));
}

TEST(BinaryStream, CorruptGridSizesAreRefusedBeforeAllocating) {
  EXPECT_EQ(error_reading(grid_stream(2, 3, 4)), "");
  // 4000^3 doubles would be 512 GB: refused from the file's length, not attempted.
  EXPECT_NE(error_reading(grid_stream(4000, 4000, 4000)).find("exceeds the file"), std::string::npos);
  EXPECT_NE(error_reading(grid_stream(2, -3, 4)).find("negative"), std::string::npos);
  // 2^21 x 2^21 x 2^22 = 2^64 cells: a 64-bit product wraps to 0.
  EXPECT_NE(error_reading(grid_stream(1 << 21, 1 << 21, 1 << 22)).find("exceeds the file"), std::string::npos);
  EXPECT_NE(error_reading(grid_stream(2, 3, 5)).find("exceeds the file"), std::string::npos);
  EXPECT_NE(error_reading(grid_stream(2, 3, 4).substr(0, 40)).find("ck.bin"), std::string::npos);  // truncated
}

}  // namespace
}  // namespace ripple
