#include <gtest/gtest.h>

#include <random>

#include "ripple/solver/column_dots.hpp"

namespace ripple {

// M^T v by column dot products equals Eigen's product, with empty columns and more columns than
// one parallel block.
TEST(ColumnDots, MatchTheTransposedProduct) {
  std::mt19937 rng(2);
  std::uniform_real_distribution<double> uni(-1.0, 1.0);
  std::uniform_int_distribution<int> row(0, 99);
  const int rows = 100, cols = 10000;
  std::vector<Triplet> t;
  for (int c = 0; c < cols; ++c)
    if (c % 5 != 0)
      for (int e = 0; e < 3; ++e) t.emplace_back(row(rng), c, uni(rng));
  SparseMatrix m(rows, cols);
  m.setFromTriplets(t.begin(), t.end());
  VectorX v(rows);
  for (int i = 0; i < rows; ++i) v[i] = uni(rng);
  const VectorX expected = m.transpose() * v;
  const VectorX got = column_dots(m, v);
  ASSERT_EQ(got.size(), cols);
  EXPECT_LT((got - expected).norm(), 1e-13 * expected.norm());
  EXPECT_EQ(got[0], 0.0);
}

}  // namespace ripple
