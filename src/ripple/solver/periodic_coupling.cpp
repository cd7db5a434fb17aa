#include "ripple/solver/periodic_coupling.hpp"

#include "ripple/core/parallel.hpp"

namespace ripple {

PeriodicCoupling::PeriodicCoupling(const std::array<bool, 3>& periodic, const std::array<ScalarGrid, 3>* face_open,
                                   double scale)
    : periodic_(periodic), face_open_(face_open), scale_(scale) {}

void PeriodicCoupling::bind(const PoissonSystem& A) {
  for (int a = 0; a < 3; ++a) {
    std::vector<Pair>& out = pairs_[static_cast<size_t>(a)];
    out.clear();
    if (!periodic_[a] || A.n[a] < 2) continue;
    const ScalarGrid& open = (*face_open_)[a];
    const int n = A.n[a];
    for (int k = 0; k < A.n.z(); ++k)
      for (int j = 0; j < A.n.y(); ++j)
        for (int i = 0; i < A.n.x(); ++i) {
          Vec3i lo(i, j, k);
          if (lo[a] != 0) continue;
          Vec3i hi = lo;
          hi[a] = n - 1;
          Vec3i far = lo;
          far[a] = n;
          const double w = 0.5 * (open(lo.x(), lo.y(), lo.z()) + open(far.x(), far.y(), far.z()));
          const int64_t cl = lo.x() + A.stride[1] * lo.y() + A.stride[2] * lo.z();
          const int64_t ch = hi.x() + A.stride[1] * hi.y() + A.stride[2] * hi.z();
          if (w <= 0.0 || !A.active[cl] || !A.active[ch]) continue;
          out.push_back({A.layout.grid_to_compact[cl], A.layout.grid_to_compact[ch], scale_ * w});
        }
  }
  if (next_) next_->bind(A);
}

void PeriodicCoupling::add_product(const std::vector<double>& x, std::vector<double>& y) const {
  for (const std::vector<Pair>& axis : pairs_)
    parallel_for(0, static_cast<int64_t>(axis.size()), [&](int64_t q) {
      const Pair& p = axis[static_cast<size_t>(q)];
      const double d = p.k * (x[p.i] - x[p.j]);
      y[p.i] += d;
      y[p.j] -= d;
    });
  if (next_) next_->add_product(x, y);
}


}  // namespace ripple
