#include "ripple/solver/sparse_gram.hpp"

#include <algorithm>
#include <vector>

#include <oneapi/tbb/enumerable_thread_specific.h>

#include "ripple/core/parallel.hpp"

namespace ripple {

SparseMatrix weighted_gram(const SparseMatrix& c, const VectorX& d) {
  const SparseMatrix c_transposed = c.transpose();
  return weighted_gram(c, c_transposed, d);
}

SparseMatrix weighted_gram(const SparseMatrix& c, const SparseMatrix& ct, const VectorX& d) {
  const int64_t n = c.rows(), weighted = std::min<int64_t>(c.cols(), d.size());
  // Row r of the product: for each k in row r, the column k of C scaled by C(r, k) d_k, summed
  // in a dense accumulator of the thread's (Gustavson's row-by-row product), its touched
  // entries sorted. The product is symmetric, so the rows are the columns of the column-major
  // result. Each block of rows keeps its entries in its own arrays; they are copied into the
  // result once every row's count is known.
  constexpr int64_t kBlock = 2048;
  const int64_t blocks = (n + kBlock - 1) / kBlock;
  std::vector<std::vector<int>> block_rows(static_cast<size_t>(blocks));
  std::vector<std::vector<double>> block_values(static_cast<size_t>(blocks));
  std::vector<int64_t> start(static_cast<size_t>(n) + 1, 0);
  struct Accumulator {
    std::vector<double> sum;
    std::vector<int64_t> owner;  ///< the row that last touched each entry
    std::vector<int> touched;
  };
  tbb::enumerable_thread_specific<Accumulator> accumulators;
  parallel_blocks(0, n, kBlock, [&](int64_t lo, int64_t hi) {
    std::vector<int>& rows = block_rows[static_cast<size_t>(lo / kBlock)];
    std::vector<double>& values = block_values[static_cast<size_t>(lo / kBlock)];
    Accumulator& acc = accumulators.local();
    if (acc.sum.empty()) {
      acc.sum.assign(static_cast<size_t>(n), 0.0);
      acc.owner.assign(static_cast<size_t>(n), -1);
    }
    for (int64_t r = lo; r < hi; ++r) {
      acc.touched.clear();
      for (SparseMatrix::InnerIterator it(ct, r); it; ++it) {
        const int64_t k = it.row();
        if (k >= weighted || d[k] == 0.0) continue;
        const double w = it.value() * d[k];
        for (SparseMatrix::InnerIterator jt(c, k); jt; ++jt) {
          const int j = static_cast<int>(jt.row());
          if (acc.owner[static_cast<size_t>(j)] != r) {
            acc.owner[static_cast<size_t>(j)] = r;
            acc.sum[static_cast<size_t>(j)] = w * jt.value();
            acc.touched.push_back(j);
          } else {
            acc.sum[static_cast<size_t>(j)] += w * jt.value();
          }
        }
      }
      std::sort(acc.touched.begin(), acc.touched.end());
      for (int j : acc.touched) {
        rows.push_back(j);
        values.push_back(acc.sum[static_cast<size_t>(j)]);
      }
      start[static_cast<size_t>(r) + 1] = static_cast<int64_t>(acc.touched.size());
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
