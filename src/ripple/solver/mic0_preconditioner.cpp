#include "ripple/solver/mic0_preconditioner.hpp"

#include <cmath>

namespace ripple {

Mic0Preconditioner::Mic0Preconditioner(const PoissonSystem& A, double tuning, double safety)
    : A_(A.compact<double>()) {
  const CompactLayout& L = A.layout;
  inv_diag_.assign(static_cast<size_t>(L.padded), 0.0);
  q_.assign(static_cast<size_t>(L.padded), 0.0);
  const auto& off = A_.off;
  for (const CompactSegment& sg : L.segments)
    for (int64_t c = sg.begin; c < sg.begin + sg.length; ++c) {
      double e = A_.diag[c];
      // Lower neighbours -x, -y, -z; a missing one has a zero coefficient (pad or wall).
      const int64_t lower[3] = {c > 0 ? c - 1 : L.size, c + sg.nb[0], c + sg.nb[2]};
      for (int a = 0; a < 3; ++a) {
        const int64_t l = lower[a];
        const double ol = off[a][l] * inv_diag_[l];
        e -= ol * ol;
        double fill = 0.0;
        for (int b = 0; b < 3; ++b)
          if (b != a) fill += off[b][l];
        e -= tuning * off[a][l] * fill * inv_diag_[l] * inv_diag_[l];
      }
      if (e < safety * A_.diag[c]) e = A_.diag[c];
      inv_diag_[c] = 1.0 / std::sqrt(e);
    }
}

void Mic0Preconditioner::apply(const std::vector<double>& r, std::vector<double>& z) {
  const CompactLayout& L = *A_.layout;
  const auto& off = A_.off;
  // Solve L q = r.
  for (const CompactSegment& sg : L.segments)
    for (int64_t c = sg.begin; c < sg.begin + sg.length; ++c) {
      const int64_t lower[3] = {c > 0 ? c - 1 : L.size, c + sg.nb[0], c + sg.nb[2]};
      double t = r[c];
      for (int a = 0; a < 3; ++a) t -= off[a][lower[a]] * inv_diag_[lower[a]] * q_[lower[a]];
      q_[c] = t * inv_diag_[c];
    }
  // Solve L^T z = q.
  for (auto it = L.segments.rbegin(); it != L.segments.rend(); ++it)
    for (int64_t c = it->begin + it->length - 1; c >= it->begin; --c) {
      const int64_t upper[3] = {c + 1, c + it->nb[1], c + it->nb[3]};
      double t = q_[c];
      for (int a = 0; a < 3; ++a) t -= off[a][c] * inv_diag_[c] * z[upper[a]];
      z[c] = t * inv_diag_[c];
    }
}

}  // namespace ripple
