#include <gtest/gtest.h>

#include <random>

#include "ripple/solver/sparse_from_rows.hpp"

namespace ripple {

// Rows given entry by entry, with repeated columns and empty rows, give the same matrix as
// Eigen's setFromTriplets, duplicates summed in the same order (bit for bit).
TEST(SparseFromRows, MatchesSetFromTripletsBitForBit) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> uni(-1.0, 1.0);
  std::uniform_int_distribution<int> col(0, 39), count(0, 9);
  const int rows = 300, width = 40;
  std::vector<Triplet> triplets;
  std::vector<int64_t> start{0};
  std::vector<std::pair<int, double>> entries;
  for (int r = 0; r < rows; ++r) {
    const int n = r % 17 == 0 ? 0 : count(rng);
    for (int e = 0; e < n; ++e) {
      const int c = col(rng) / 4;  // few distinct columns: many duplicates
      const double v = uni(rng) * (e % 3 == 0 ? 1e8 : 1.0);
      triplets.emplace_back(r, c, v);
      entries.emplace_back(c, v);
    }
    start.push_back(static_cast<int64_t>(entries.size()));
  }
  SparseMatrix expected(rows, width);
  expected.setFromTriplets(triplets.begin(), triplets.end());
  const SparseMatrix t = transpose_from_rows(width, start, entries);
  ASSERT_EQ(t.rows(), width);
  ASSERT_EQ(t.cols(), rows);
  const SparseMatrix m = t.transpose();
  ASSERT_EQ(m.nonZeros(), expected.nonZeros());
  for (int c = 0; c < width; ++c)
    for (SparseMatrix::InnerIterator it(expected, c); it; ++it) EXPECT_EQ(m.coeff(it.row(), c), it.value());
}

}  // namespace ripple
