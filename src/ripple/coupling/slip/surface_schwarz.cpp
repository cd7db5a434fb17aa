#include "ripple/coupling/slip/surface_schwarz.hpp"

#include "ripple/core/errors.hpp"

namespace ripple {

SurfaceSchwarz::SurfaceSchwarz(const SparseMatrix& a, int64_t lead,
                               std::function<void(const VectorX&, VectorX&)> lead_apply)
    : a_(a), lead_(lead), lead_apply_(std::move(lead_apply)) {
  const int64_t n = a.rows();
  std::vector<uint8_t> in(static_cast<size_t>(n), 0);
  for (int64_t c = lead; c < n; ++c) {
    in[static_cast<size_t>(c)] = 1;
    for (SparseMatrix::InnerIterator it(a, c); it; ++it) in[static_cast<size_t>(it.row())] = 1;
  }
  std::vector<Triplet> sel;
  for (int64_t i = 0; i < n; ++i)
    if (in[static_cast<size_t>(i)]) {
      sel.emplace_back(i, static_cast<int64_t>(rows_.size()), 1.0);
      rows_.push_back(i);
    }
  SparseMatrix p(n, static_cast<int64_t>(rows_.size()));
  p.setFromTriplets(sel.begin(), sel.end());
  pa_ = p.transpose() * a;
  block_ = pa_ * p;
  if (!factor_.solve(block_, VectorX::Zero(block_.rows()), zs_))
    throw SimulationError("the slip projection's surface block could not be factorised");
}

void SurfaceSchwarz::surface_solve(const VectorX& r, const VectorX& z, VectorX& dz) {
  rs_.resize(static_cast<int64_t>(rows_.size()));
  for (size_t i = 0; i < rows_.size(); ++i) rs_[static_cast<int64_t>(i)] = r[rows_[i]];
  rs_.noalias() -= pa_ * z;
  if (!factor_.solve_same_matrix(block_, rs_, dz))
    throw SimulationError("the slip projection's surface block solve failed");
}

void SurfaceSchwarz::apply(const VectorX& r, VectorX& z) {
  z = VectorX::Zero(r.size());
  surface_solve(r, z, zs_);
  for (size_t i = 0; i < rows_.size(); ++i) z[rows_[i]] = zs_[static_cast<int64_t>(i)];
  // The cells' residual r - A z: z lives on the surface rows, so A z = (P^T A)^T zs.
  VectorX residual = r.head(lead_);
  residual.noalias() -= (pa_.transpose() * zs_).head(lead_);
  lead_apply_(residual, lead_z_);
  z.head(lead_) += lead_z_;
  surface_solve(r, z, zs_);
  for (size_t i = 0; i < rows_.size(); ++i) z[rows_[i]] += zs_[static_cast<int64_t>(i)];
}

}  // namespace ripple
