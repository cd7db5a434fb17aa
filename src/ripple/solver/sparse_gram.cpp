#include "ripple/solver/sparse_gram.hpp"

#include <algorithm>
#include <vector>

#include "ripple/core/parallel.hpp"

namespace ripple {

SparseMatrix weighted_gram(const SparseMatrix& c, const VectorX& d) {
  using RowMajor = Eigen::SparseMatrix<double, Eigen::RowMajor, int>;
  const RowMajor rows = c;  // row r's entries: the columns k it touches
  const int64_t n = c.rows(), weighted = std::min<int64_t>(c.cols(), d.size());
  // Row r of the product: for each k in row r, the column k of C scaled by C(r, k) d_k. Each
  // row's entries are gathered into a short list, sorted and merged; the product is symmetric,
  // so the rows are the columns of the column-major result.
  std::vector<std::vector<std::pair<int, double>>> out(static_cast<size_t>(n));
  parallel_for(0, n, [&](int64_t r) {
    std::vector<std::pair<int, double>>& list = out[static_cast<size_t>(r)];
    for (RowMajor::InnerIterator it(rows, r); it; ++it) {
      const int64_t k = it.col();
      if (k >= weighted || d[k] == 0.0) continue;
      const double w = it.value() * d[k];
      for (SparseMatrix::InnerIterator jt(c, k); jt; ++jt) list.emplace_back(static_cast<int>(jt.row()), w * jt.value());
    }
    std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    size_t w = 0;
    for (size_t i = 0; i < list.size(); ++i) {
      if (w > 0 && list[w - 1].first == list[i].first) list[w - 1].second += list[i].second;
      else list[w++] = list[i];
    }
    list.resize(w);
  }, 256);
  SparseMatrix g(n, n);
  std::vector<int> nnz(static_cast<size_t>(n));
  for (int64_t r = 0; r < n; ++r) nnz[static_cast<size_t>(r)] = static_cast<int>(out[static_cast<size_t>(r)].size());
  g.reserve(nnz);
  for (int64_t r = 0; r < n; ++r)
    for (const auto& [row, value] : out[static_cast<size_t>(r)]) g.insert(row, static_cast<int>(r)) = value;
  g.makeCompressed();
  return g;
}

}  // namespace ripple
