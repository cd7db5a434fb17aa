#include <gtest/gtest.h>

#include <random>

#include "ripple/solver/sparse_gram.hpp"

namespace ripple {

// C diag(d) C^T formed row by row matches Eigen's sparse product, with columns beyond d (solid
// unknowns in the slip projection) and zero weights left out.
TEST(SparseGram, MatchesTheSparseProduct) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> uni(-1.0, 1.0);
  std::uniform_int_distribution<int> row(0, 199);
  const int rows = 200, cols = 500, weighted = 450;
  std::vector<Triplet> t;
  for (int k = 0; k < cols; ++k)
    for (int e = 0; e < 3; ++e) t.emplace_back(row(rng), k, uni(rng));
  SparseMatrix c(rows, cols);
  c.setFromTriplets(t.begin(), t.end());
  VectorX d(weighted);
  for (int k = 0; k < weighted; ++k) d[k] = k % 7 == 0 ? 0.0 : 1.0 + uni(rng);
  VectorX full = VectorX::Zero(cols);
  full.head(weighted) = d;
  const SparseMatrix expected = c * full.asDiagonal() * c.transpose();
  const SparseMatrix g = weighted_gram(c, d);
  ASSERT_EQ(g.rows(), rows);
  ASSERT_EQ(g.cols(), rows);
  EXPECT_LT((g - expected).norm(), 1e-12 * expected.norm());
  EXPECT_LT((g - SparseMatrix(g.transpose())).norm(), 1e-12 * g.norm());
}

}  // namespace ripple
