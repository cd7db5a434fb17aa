#include "ripple/fluid/surface_tension.hpp"

#include <cmath>

#include "ripple/core/parallel.hpp"
#include "ripple/grid/level_set_geometry.hpp"

namespace ripple {

ScalarGrid interface_curvature(const ScalarGrid& phi, double dx) {
  const ScalarGrid k = curvature(phi, dx);
  ScalarGrid out = k;
  const double band = 1.5 * dx;
  parallel_for(0, phi.size(), [&](int64_t c) {
    if (std::abs(phi[c]) > 2.0 * dx) return;
    const Vec3i I = phi.coords(c);
    double sum = 0.0, wsum = 0.0;
    for (int dk = -1; dk <= 1; ++dk)
      for (int dj = -1; dj <= 1; ++dj)
        for (int di = -1; di <= 1; ++di) {
          const int i = I.x() + di, j = I.y() + dj, kk = I.z() + dk;
          if (!phi.in_range(i, j, kk)) continue;
          const double p = phi(i, j, kk);
          if (std::abs(p) >= band) continue;
          const double kv = k(i, j, kk);
          const double denom = 1.0 - 0.5 * p * kv;  // kappa(phi) = 2 / (R + phi) for a sphere
          if (denom <= 0.2) continue;
          // A 1-4-1 tent per axis: a box average flips the sign of a grid-scale ripple's
          // restoring curvature (its response at the Nyquist wave number is -1/3; the tent's
          // is +1/3), and that ripple grew into a capillary instability (docs/validation.md).
          const double tent = (di ? 1.0 : 4.0) * (dj ? 1.0 : 4.0) * (dk ? 1.0 : 4.0);
          const double w = tent * (1.0 - std::abs(p) / band);
          sum += w * kv / denom;  // curvature carried to the interface
          wsum += w;
        }
    if (wsum > 0) out[c] = sum / wsum;
  });
  return out;
}

}  // namespace ripple
