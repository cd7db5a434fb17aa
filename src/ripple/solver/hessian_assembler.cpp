#include "ripple/solver/hessian_assembler.hpp"

#include <algorithm>

namespace ripple {

void HessianAssembler::build_slots(const std::vector<Triplet>& entries) {
  std::vector<Triplet> kept;
  kept.reserve(entries.size() + static_cast<size_t>(n_));
  for (const Triplet& t : entries)
    if (!fixed_[t.row()] && !fixed_[t.col()]) kept.push_back(t);
  for (Eigen::Index i = 0; i < n_; ++i)
    if (fixed_[i]) kept.emplace_back(i, i, 1.0);
  base_.resize(n_, n_);
  base_.setFromTriplets(kept.begin(), kept.end());
  base_.makeCompressed();
  const int* outer = base_.outerIndexPtr();
  const int* inner = base_.innerIndexPtr();
  auto find = [&](Eigen::Index row, Eigen::Index col) {
    const int* begin = inner + outer[col];
    const int* end = inner + outer[col + 1];
    return static_cast<int>(std::lower_bound(begin, end, static_cast<int>(row)) - inner);
  };
  slot_.resize(entries.size());
  for (size_t k = 0; k < entries.size(); ++k) {
    const Triplet& t = entries[k];
    slot_[k] = fixed_[t.row()] || fixed_[t.col()] ? -1 : find(t.row(), t.col());
  }
  fixed_diagonal_.clear();
  for (Eigen::Index i = 0; i < n_; ++i)
    if (fixed_[i]) fixed_diagonal_.push_back(find(i, i));
  cached_count_ = entries.size();
}

const Eigen::SparseMatrix<double>& HessianAssembler::assemble(const std::vector<Triplet>& same_pattern,
                                                              const std::vector<Triplet>& varying) {
  if (same_pattern.size() != cached_count_) {
    build_slots(same_pattern);
  } else {
    double* values = base_.valuePtr();
    std::fill(values, values + base_.nonZeros(), 0.0);
    for (size_t k = 0; k < same_pattern.size(); ++k)
      if (slot_[k] >= 0) values[slot_[k]] += same_pattern[k].value();
    for (int s : fixed_diagonal_) values[s] = 1.0;
  }
  if (varying.empty()) return base_;
  std::vector<Triplet> kept;
  kept.reserve(varying.size());
  for (const Triplet& t : varying)
    if (!fixed_[t.row()] && !fixed_[t.col()]) kept.push_back(t);
  varying_.resize(n_, n_);
  varying_.setFromTriplets(kept.begin(), kept.end());
  result_ = base_ + varying_;
  return result_;
}

}  // namespace ripple
