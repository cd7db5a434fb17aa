#include "ripple/solver/mic0_preconditioner.hpp"

#include <cmath>

namespace ripple {

Mic0Preconditioner::Mic0Preconditioner(const PoissonSystem& A, double tuning, double safety) : A_(A) {
  const int64_t nc = A.cells();
  inv_diag_.assign(static_cast<size_t>(nc), 0.0);
  q_.assign(static_cast<size_t>(nc), 0.0);
  for (const CellSpan& sp : A.spans)
    for (int64_t c = sp.begin; c < sp.begin + sp.length; ++c) {
      double e = A.diag[c];
      for (int a = 0; a < 3; ++a) {
        const int64_t l = c - A.stride[a];
        if (l < 0 || !A.active[l]) continue;
        const double ol = A.off[a][l] * inv_diag_[l];
        e -= ol * ol;
        double fill = 0.0;
        for (int b = 0; b < 3; ++b)
          if (b != a && l + A.stride[b] < nc) fill += A.off[b][l];
        e -= tuning * A.off[a][l] * fill * inv_diag_[l] * inv_diag_[l];
      }
      if (e < safety * A.diag[c]) e = A.diag[c];
      inv_diag_[c] = 1.0 / std::sqrt(e);
    }
}

void Mic0Preconditioner::apply(const std::vector<double>& r, std::vector<double>& z) {
  const int64_t nc = A_.cells();
  // Solve L q = r.
  for (const CellSpan& sp : A_.spans)
    for (int64_t c = sp.begin; c < sp.begin + sp.length; ++c) {
      double t = r[c];
      for (int a = 0; a < 3; ++a) {
        const int64_t l = c - A_.stride[a];
        if (l >= 0 && A_.active[l]) t -= A_.off[a][l] * inv_diag_[l] * q_[l];
      }
      q_[c] = t * inv_diag_[c];
    }
  // Solve L^T z = q.
  for (auto it = A_.spans.rbegin(); it != A_.spans.rend(); ++it)
    for (int64_t c = it->begin + it->length - 1; c >= it->begin; --c) {
      double t = q_[c];
      for (int a = 0; a < 3; ++a) {
        const int64_t h = c + A_.stride[a];
        if (h < nc && A_.active[h]) t -= A_.off[a][c] * inv_diag_[c] * z[h];
      }
      z[c] = t * inv_diag_[c];
    }
}

}  // namespace ripple
