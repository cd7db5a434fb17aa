#include "ripple/grid/level_set_geometry.hpp"

#include <cmath>

#include "ripple/core/parallel.hpp"

namespace ripple {

Vec3 gradient(const ScalarGrid& phi, double dx, int i, int j, int k) {
  Vec3 g;
  const int idx[3] = {i, j, k};
  const int dims[3] = {phi.nx(), phi.ny(), phi.nz()};
  for (int a = 0; a < 3; ++a) {
    int lo[3] = {i, j, k}, hi[3] = {i, j, k};
    lo[a] = std::max(idx[a] - 1, 0);
    hi[a] = std::min(idx[a] + 1, dims[a] - 1);
    const int span = hi[a] - lo[a];
    g[a] = span == 0 ? 0.0 : (phi(hi[0], hi[1], hi[2]) - phi(lo[0], lo[1], lo[2])) / (span * dx);
  }
  return g;
}

ScalarGrid curvature(const ScalarGrid& phi, double dx) {
  ScalarGrid kappa(phi.nx(), phi.ny(), phi.nz(), 0.0);
  const double kmax = 1.0 / dx;
  parallel_for(0, phi.size(), [&](int64_t idx) {
    const Vec3i c = phi.coords(idx);
    const int i = c.x(), j = c.y(), k = c.z();
    auto p = [&](int di, int dj, int dk) { return phi.clamped(i + di, j + dj, k + dk); };
    const double h = dx;
    const double px = (p(1, 0, 0) - p(-1, 0, 0)) / (2 * h), py = (p(0, 1, 0) - p(0, -1, 0)) / (2 * h),
                 pz = (p(0, 0, 1) - p(0, 0, -1)) / (2 * h);
    const double c0 = p(0, 0, 0);
    const double pxx = (p(1, 0, 0) - 2 * c0 + p(-1, 0, 0)) / (h * h);
    const double pyy = (p(0, 1, 0) - 2 * c0 + p(0, -1, 0)) / (h * h);
    const double pzz = (p(0, 0, 1) - 2 * c0 + p(0, 0, -1)) / (h * h);
    const double pxy = (p(1, 1, 0) - p(1, -1, 0) - p(-1, 1, 0) + p(-1, -1, 0)) / (4 * h * h);
    const double pxz = (p(1, 0, 1) - p(1, 0, -1) - p(-1, 0, 1) + p(-1, 0, -1)) / (4 * h * h);
    const double pyz = (p(0, 1, 1) - p(0, 1, -1) - p(0, -1, 1) + p(0, -1, -1)) / (4 * h * h);
    const double g2 = px * px + py * py + pz * pz;
    if (g2 < 1e-12) { kappa[idx] = 0.0; return; }
    const double num = px * px * (pyy + pzz) + py * py * (pxx + pzz) + pz * pz * (pxx + pyy) -
                       2 * (px * py * pxy + px * pz * pxz + py * pz * pyz);
    kappa[idx] = std::clamp(num / std::pow(g2, 1.5), -kmax, kmax);
  });
  return kappa;
}

}  // namespace ripple
