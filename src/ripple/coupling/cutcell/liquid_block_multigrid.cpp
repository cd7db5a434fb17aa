#include "ripple/coupling/cutcell/liquid_block_multigrid.hpp"

namespace ripple {

std::function<std::function<void(const VectorX&, VectorX&)>(const VectorX&)> LiquidBlockMultigrid::factory() {
  return [this](const VectorX& coupling_diagonal) {
    shifted_ = system_.A;
    for (int64_t c = 0; c < static_cast<int64_t>(cell_row_.size()); ++c)
      if (cell_row_[c] >= 0) shifted_.diag[c] += coupling_diagonal[cell_row_[c]] / dx3_;
    multigrid_ = std::make_unique<MultigridPreconditioner>(shifted_, system_.mg);
    return std::function<void(const VectorX&, VectorX&)>([this](const VectorX& r, VectorX& z) {
      r_pad_.assign(static_cast<size_t>(shifted_.layout.padded), 0.0);
      z_pad_.assign(r_pad_.size(), 0.0);  // its pad must stay zero
      for (Eigen::Index i = 0; i < r.size(); ++i) r_pad_[i] = r[i];
      multigrid_->apply(r_pad_, z_pad_);
      z.resize(r.size());
      for (Eigen::Index i = 0; i < r.size(); ++i) z[i] = z_pad_[i] / dx3_;
    });
  };
}

}  // namespace ripple
