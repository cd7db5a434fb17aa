#include "ripple/solver/sparse_from_rows.hpp"

#include <algorithm>

#include "ripple/core/parallel.hpp"

namespace ripple {

SparseMatrix transpose_from_rows(int64_t width, const std::vector<int64_t>& start,
                                 std::vector<std::pair<int, double>>& entries) {
  const int64_t rows = static_cast<int64_t>(start.size()) - 1;
  // Each row sorted by column (stably: duplicates keep their order) and merged in place.
  std::vector<int64_t> merged(static_cast<size_t>(rows) + 1, 0);
  parallel_for(0, rows, [&](int64_t r) {
    const auto first = entries.begin() + start[static_cast<size_t>(r)];
    const auto last = entries.begin() + start[static_cast<size_t>(r) + 1];
    // Insertion sort: stable, and rows are short (a stable_sort would allocate per row).
    for (auto it = first + (first == last ? 0 : 1); it < last; ++it) {
      const std::pair<int, double> e = *it;
      auto hole = it;
      for (; hole != first && (hole - 1)->first > e.first; --hole) *hole = *(hole - 1);
      *hole = e;
    }
    auto out = first;
    for (auto it = first; it != last; ++it) {
      if (out != first && (out - 1)->first == it->first) (out - 1)->second += it->second;
      else *out++ = *it;
    }
    merged[static_cast<size_t>(r) + 1] = out - first;
  }, 1024);
  for (int64_t r = 0; r < rows; ++r) merged[static_cast<size_t>(r) + 1] += merged[static_cast<size_t>(r)];
  SparseMatrix t(width, rows);
  t.resizeNonZeros(merged.back());
  for (int64_t r = 0; r <= rows; ++r) t.outerIndexPtr()[r] = static_cast<int>(merged[static_cast<size_t>(r)]);
  parallel_for(0, rows, [&](int64_t r) {
    const int64_t from = start[static_cast<size_t>(r)], to = merged[static_cast<size_t>(r)];
    const int64_t count = merged[static_cast<size_t>(r) + 1] - to;
    for (int64_t i = 0; i < count; ++i) {
      t.innerIndexPtr()[to + i] = entries[static_cast<size_t>(from + i)].first;
      t.valuePtr()[to + i] = entries[static_cast<size_t>(from + i)].second;
    }
  }, 1024);
  return t;
}

}  // namespace ripple
