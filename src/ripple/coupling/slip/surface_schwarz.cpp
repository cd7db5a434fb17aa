#include "ripple/coupling/slip/surface_schwarz.hpp"

#include "ripple/core/errors.hpp"

namespace ripple {

SurfaceSchwarz::SurfaceSchwarz(const SparseMatrix& a, const SparseMatrix& extra, int64_t lead,
                               std::function<void(const VectorX&, VectorX&)> lead_apply)
    : lead_(lead), lead_apply_(std::move(lead_apply)) {
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
  std::vector<Triplet> sel, sel_a;
  for (int64_t i = 0; i < total; ++i)
    if (in[static_cast<size_t>(i)]) {
      const int64_t s = static_cast<int64_t>(rows_.size());
      sel.emplace_back(i, s, 1.0);
      if (i < n) sel_a.emplace_back(i, s, 1.0);
      rows_.push_back(i);
    }
  const int64_t s = static_cast<int64_t>(rows_.size());
  SparseMatrix p(total, s), p_a(n, s);
  p.setFromTriplets(sel.begin(), sel.end());
  p_a.setFromTriplets(sel_a.begin(), sel_a.end());
  // P^T K = (a P_a)^T (a symmetric), widened to K's columns, plus P^T extra.
  SparseMatrix ap = a * p_a;
  Eigen::SparseMatrix<double, Eigen::RowMajor> pa = ap.transpose();
  pa.conservativeResize(s, total);
  pk_ = pa;
  if (extra.nonZeros() > 0) {
    SparseMatrix ext = extra;
    ext.conservativeResize(total, total);
    pk_ += Eigen::SparseMatrix<double, Eigen::RowMajor>(p.transpose() * ext);
  }
  block_ = pk_ * p;
  if (!factor_.solve(block_, VectorX::Zero(s), zs_))
    throw SimulationError("the slip projection's surface block could not be factorised");
}

void SurfaceSchwarz::surface_solve(const VectorX& r, const VectorX& z, VectorX& dz) {
  rs_.resize(static_cast<int64_t>(rows_.size()));
  for (size_t i = 0; i < rows_.size(); ++i) rs_[static_cast<int64_t>(i)] = r[rows_[i]];
  rs_.noalias() -= pk_ * z;
  if (!factor_.solve_same_matrix(block_, rs_, dz))
    throw SimulationError("the slip projection's surface block solve failed");
}

void SurfaceSchwarz::apply(const VectorX& r, VectorX& z) {
  z = VectorX::Zero(r.size());
  surface_solve(r, z, zs_);
  for (size_t i = 0; i < rows_.size(); ++i) z[rows_[i]] = zs_[static_cast<int64_t>(i)];
  // The cells' residual r - K z: z lives on the surface rows, so K z = (P^T K)^T zs.
  VectorX residual = r.head(lead_);
  residual.noalias() -= (pk_.transpose() * zs_).head(lead_);
  lead_apply_(residual, lead_z_);
  z.head(lead_) += lead_z_;
  surface_solve(r, z, zs_);
  for (size_t i = 0; i < rows_.size(); ++i) z[rows_[i]] += zs_[static_cast<int64_t>(i)];
}

}  // namespace ripple
