#include <gtest/gtest.h>

#include <random>

#include "ripple/solver/hessian_assembler.hpp"

namespace ripple {
namespace {

/// The reference: all entries sorted and summed, fixed rows and columns replaced by identity.
Eigen::MatrixXd reference(Eigen::Index n, const std::vector<uint8_t>& fixed, std::vector<Triplet> all) {
  Eigen::SparseMatrix<double> A(n, n);
  A.setFromTriplets(all.begin(), all.end());
  Eigen::MatrixXd d(A);
  for (Eigen::Index i = 0; i < n; ++i)
    if (fixed[i]) {
      d.row(i).setZero();
      d.col(i).setZero();
      d(i, i) = 1.0;
    }
  return d;
}

TEST(HessianAssembler, MatchesSortedAssemblyOverRepeatedCalls) {
  const Eigen::Index n = 12;
  const std::vector<uint8_t> fixed{0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0};
  std::mt19937 rng(3);
  std::uniform_int_distribution<int> index(0, n - 1);
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  std::vector<std::pair<int, int>> pattern;  // with duplicates
  for (int k = 0; k < 60; ++k) pattern.push_back({index(rng), index(rng)});
  HessianAssembler assembler(n, fixed);
  for (int call = 0; call < 3; ++call) {
    std::vector<Triplet> same, varying;
    for (const auto& [r, c] : pattern) same.emplace_back(r, c, value(rng));
    for (int k = 0; k < 10 * call; ++k) varying.emplace_back(index(rng), index(rng), value(rng));  // changes each call
    std::vector<Triplet> all = same;
    all.insert(all.end(), varying.begin(), varying.end());
    const Eigen::MatrixXd got(assembler.assemble(same, varying));
    EXPECT_LT((got - reference(n, fixed, all)).norm(), 1e-12) << "call " << call;
  }
}

}  // namespace
}  // namespace ripple
