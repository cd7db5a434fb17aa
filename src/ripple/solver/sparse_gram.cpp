#include "ripple/solver/sparse_gram.hpp"

#include <algorithm>
#include <vector>

#include "ripple/core/parallel.hpp"

namespace ripple {

SparseMatrix weighted_gram(const SparseMatrix& c, const VectorX& d) {
  const SparseMatrix c_transposed = c.transpose();
  return weighted_gram(c, c_transposed, d);
}

SparseMatrix weighted_gram(const SparseMatrix& c, const SparseMatrix& ct, const VectorX& d) {
  const int64_t n = c.rows(), weighted = std::min<int64_t>(c.cols(), d.size());
  // Row r of the product: for each k in row r, the column k of C scaled by C(r, k) d_k, gathered
  // into a short list, sorted and merged. The product is symmetric, so the rows are the columns
  // of the column-major result. Each block of rows keeps its entries in its own arrays; they are
  // copied into the result once every row's count is known.
  constexpr int64_t kBlock = 2048;
  const int64_t blocks = (n + kBlock - 1) / kBlock;
  std::vector<std::vector<int>> block_rows(static_cast<size_t>(blocks));
  std::vector<std::vector<double>> block_values(static_cast<size_t>(blocks));
  std::vector<int64_t> start(static_cast<size_t>(n) + 1, 0);
  parallel_blocks(0, n, kBlock, [&](int64_t lo, int64_t hi) {
    std::vector<int>& rows = block_rows[static_cast<size_t>(lo / kBlock)];
    std::vector<double>& values = block_values[static_cast<size_t>(lo / kBlock)];
    std::vector<std::pair<int, double>> list;
    for (int64_t r = lo; r < hi; ++r) {
      list.clear();
      for (SparseMatrix::InnerIterator it(ct, r); it; ++it) {
        const int64_t k = it.row();
        if (k >= weighted || d[k] == 0.0) continue;
        const double w = it.value() * d[k];
        for (SparseMatrix::InnerIterator jt(c, k); jt; ++jt) list.emplace_back(static_cast<int>(jt.row()), w * jt.value());
      }
      std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
      const size_t before = rows.size();
      for (const auto& [row, value] : list) {
        if (rows.size() > before && rows.back() == row) {
          values.back() += value;
        } else {
          rows.push_back(row);
          values.push_back(value);
        }
      }
      start[static_cast<size_t>(r) + 1] = static_cast<int64_t>(rows.size() - before);
    }
  });
  for (int64_t r = 0; r < n; ++r) start[static_cast<size_t>(r) + 1] += start[static_cast<size_t>(r)];
  SparseMatrix g(n, n);
  g.resizeNonZeros(start.back());
  for (int64_t r = 0; r <= n; ++r) g.outerIndexPtr()[r] = static_cast<int>(start[static_cast<size_t>(r)]);
  parallel_for(0, blocks, [&](int64_t b) {
    const int64_t at = start[static_cast<size_t>(b * kBlock)];
    std::copy(block_rows[static_cast<size_t>(b)].begin(), block_rows[static_cast<size_t>(b)].end(), g.innerIndexPtr() + at);
    std::copy(block_values[static_cast<size_t>(b)].begin(), block_values[static_cast<size_t>(b)].end(), g.valuePtr() + at);
  }, 1);
  return g;
}

}  // namespace ripple
