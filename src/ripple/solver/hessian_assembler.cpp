#include "ripple/solver/hessian_assembler.hpp"

#include <algorithm>

#include "ripple/core/parallel.hpp"

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
  // Entries grouped by the value they add to (counting sort, stable): values are then summed
  // in parallel, each in entry order, so the result does not depend on the thread count.
  const int nnz = static_cast<int>(base_.nonZeros());
  entries_start_.assign(static_cast<size_t>(nnz) + 1, 0);
  for (int s : slot_)
    if (s >= 0) ++entries_start_[s + 1];
  for (int v = 0; v < nnz; ++v) entries_start_[v + 1] += entries_start_[v];
  entries_of_.resize(static_cast<size_t>(entries_start_[nnz]));
  std::vector<int> fill(entries_start_.begin(), entries_start_.end() - 1);
  for (size_t k = 0; k < entries.size(); ++k)
    if (slot_[k] >= 0) entries_of_[fill[slot_[k]]++] = static_cast<int>(k);
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
    parallel_blocks(0, base_.nonZeros(), 4096, [&](int64_t lo, int64_t hi) {
      for (int64_t v = lo; v < hi; ++v) {
        double sum = 0.0;
        for (int e = entries_start_[v]; e < entries_start_[v + 1]; ++e) sum += same_pattern[entries_of_[e]].value();
        values[v] = sum;
      }
    });
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
