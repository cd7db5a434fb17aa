#include "ripple/coupling/slip/surface_schwarz.hpp"

#include "ripple/core/errors.hpp"
#include "ripple/core/parallel.hpp"
#include "ripple/solver/sparse_from_rows.hpp"

namespace ripple {

std::vector<int64_t> SurfaceSchwarz::gather(const SparseMatrix& a, const SparseMatrix& extra) {
  const int64_t lead = lead_;
  const int64_t n = a.rows(), total = std::max<int64_t>(n, extra.rows());
  std::vector<uint8_t> in(static_cast<size_t>(total), 0);
  auto mark_column = [&](const SparseMatrix& m, int64_t c) {
    if (c >= m.cols()) return;
    for (SparseMatrix::InnerIterator it(m, c); it; ++it) in[static_cast<size_t>(it.row())] = 1;
  };
  for (int64_t c = lead; c < total; ++c) {
    in[static_cast<size_t>(c)] = 1;
    if (c < n) mark_column(a, c);
    mark_column(extra, c);
  }
  std::vector<int64_t> position(static_cast<size_t>(total), -1);
  for (int64_t i = 0; i < total; ++i)
    if (in[static_cast<size_t>(i)]) {
      position[static_cast<size_t>(i)] = static_cast<int64_t>(rows_.size());
      rows_.push_back(i);
    }
  const int64_t s = static_cast<int64_t>(rows_.size());
  // P^T K and P^T K P, taken row by row: K is symmetric, so row i of K is column i of `a` plus
  // column i of `extra`.
  std::vector<int64_t> start(static_cast<size_t>(s) + 1, 0), block_start(static_cast<size_t>(s) + 1, 0);
  auto column_size = [](const SparseMatrix& m, int64_t c) {  // counted: `m` may be uncompressed
    int64_t count = 0;
    if (c < m.cols())
      for (SparseMatrix::InnerIterator it(m, c); it; ++it) ++count;
    return count;
  };
  for (int64_t j = 0; j < s; ++j) {
    const int64_t i = rows_[static_cast<size_t>(j)];
    start[static_cast<size_t>(j) + 1] = start[static_cast<size_t>(j)] + column_size(a, i) + column_size(extra, i);
  }
  std::vector<std::pair<int, double>> entries(static_cast<size_t>(start.back()));
  std::vector<int64_t> in_block(static_cast<size_t>(s), 0);
  parallel_for(0, s, [&](int64_t j) {
    const int64_t i = rows_[static_cast<size_t>(j)];
    int64_t at = start[static_cast<size_t>(j)];
    for (const SparseMatrix* m : {&a, &extra}) {
      if (i >= m->cols()) continue;
      for (SparseMatrix::InnerIterator it(*m, i); it; ++it) {
        entries[static_cast<size_t>(at++)] = {static_cast<int>(it.row()), it.value()};
        in_block[static_cast<size_t>(j)] += position[static_cast<size_t>(it.row())] >= 0;
      }
    }
  }, 256);
  for (int64_t j = 0; j < s; ++j) block_start[static_cast<size_t>(j) + 1] = block_start[static_cast<size_t>(j)] + in_block[static_cast<size_t>(j)];
  std::vector<std::pair<int, double>> block_entries(static_cast<size_t>(block_start.back()));
  parallel_for(0, s, [&](int64_t j) {
    int64_t at = block_start[static_cast<size_t>(j)];
    for (int64_t e = start[static_cast<size_t>(j)]; e < start[static_cast<size_t>(j) + 1]; ++e) {
      const int64_t col = position[static_cast<size_t>(entries[static_cast<size_t>(e)].first)];
      if (col >= 0) block_entries[static_cast<size_t>(at++)] = {static_cast<int>(col), entries[static_cast<size_t>(e)].second};
    }
  }, 256);
  // Stored as their transposes' columns: (P^T K)^T column j is row j of P^T K.
  pk_ = transpose_from_rows(total, start, entries).transpose();
  block_ = transpose_from_rows(s, block_start, block_entries);  // symmetric: its own transpose
  return position;
}

SurfaceSchwarz::SurfaceSchwarz(const SparseMatrix& a, const SparseMatrix& extra, int64_t lead,
                               std::function<void(const VectorX&, VectorX&)> lead_apply,
                               const SurfaceResponse* response)
    : lead_(lead), lead_apply_(std::move(lead_apply)) {
  const std::vector<int64_t> position = gather(a, extra);
  const int64_t s = static_cast<int64_t>(rows_.size());
  if (response && response->g && response->g->cols() > 0) {
    const SparseMatrix& g = *response->g;
    if (response->bound.size() != g.cols() || !response->h_solve)
      throw SimulationError("the slip projection's surface block needs the solids' response bound and solve");
    h_solve_ = response->h_solve;
    std::vector<Triplet> pg;
    pg.reserve(static_cast<size_t>(g.nonZeros()));
    for (int64_t c = 0; c < g.cols(); ++c)
      for (SparseMatrix::InnerIterator it(g, c); it; ++it) {
        const int64_t row = position[static_cast<size_t>(it.row())];
        if (row < 0) throw SimulationError("a solid's constraint row is outside the slip projection's surface block");
        pg.emplace_back(row, c, it.value());
      }
    pg_.resize(s, g.cols());
    pg_.setFromTriplets(pg.begin(), pg.end());
    // P^T g D g^T P with D >= h^-1: this block bounds the exact one from above.
    const SparseMatrix weighted = pg_ * response->bound.asDiagonal();
    block_ += SparseMatrix(weighted * pg_.transpose());
  }
  // A fallback to iterative solves would make the cycle a different operator each time, which CG
  // cannot take: only a factorisation will do.
  if (!factor_.solve(block_, VectorX::Zero(s), zs_) || factor_.last_used() != "cholmod")
    throw SimulationError("the slip projection's surface block could not be factorised");
}

void SurfaceSchwarz::block_solve(const VectorX& rs, VectorX& dz) {
  if (!factor_.solve_same_matrix(block_, rs, dz)) throw SimulationError("the slip projection's surface block solve failed");
}

void SurfaceSchwarz::apply(const VectorX& r, VectorX& z) {
  const int64_t s = static_cast<int64_t>(rows_.size());
  z = VectorX::Zero(r.size());
  rs_.resize(s);
  for (int64_t i = 0; i < s; ++i) rs_[i] = r[rows_[static_cast<size_t>(i)]];
  block_solve(rs_, zs_);
  for (int64_t i = 0; i < s; ++i) z[rows_[static_cast<size_t>(i)]] = zs_[i];
  // The cells' residual r - K z: z lives on the surface rows, so K z = (P^T K0)^T zs there (g
  // has no cell row).
  VectorX residual = r.head(lead_);
  residual.noalias() -= (pk_.transpose() * zs_).head(lead_);
  lead_apply_(residual, lead_z_);
  z.head(lead_) += lead_z_;
  // The surface's residual r - K z, with K's response part g h^-1 g^T z = g h^-1 g^T P zs (the
  // cells' correction is off g's rows): one solve with h.
  for (int64_t i = 0; i < s; ++i) rs_[i] = r[rows_[static_cast<size_t>(i)]];
  rs_.noalias() -= pk_ * z;
  if (h_solve_) {
    h_solve_(pg_.transpose() * zs_, y_);
    rs_.noalias() -= pg_ * y_;
  }
  block_solve(rs_, dz_);
  for (int64_t i = 0; i < s; ++i) z[rows_[static_cast<size_t>(i)]] += dz_[i];
}

}  // namespace ripple
