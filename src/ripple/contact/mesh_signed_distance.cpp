#include "ripple/contact/mesh_signed_distance.hpp"

#include <algorithm>
#include <cmath>

#include "ripple/contact/point_triangle_distance.hpp"
#include "ripple/contact/triangle_band_sweep.hpp"
#include "ripple/core/parallel.hpp"

namespace ripple {

void min_with_mesh_signed_distance(const std::vector<Vec3>& vertices, const std::vector<std::array<int, 3>>& triangles,
                                   const Lattice& lattice, double band, ScalarGrid& phi) {
  if (triangles.empty() || phi.size() == 0) return;
  const double h = lattice.h;
  const Vec3i n = phi.dims();
  const BandWindow window = band_window(vertices, triangles, lattice, band, n);
  if (window.empty()) return;
  const Vec3i w0 = window.lo, w1 = window.hi, wn = window.size();
  auto lower = [&](const Vec3& p) { return lattice_floor(lattice, n, p); };
  auto upper = [&](const Vec3& p) { return lattice_ceil(lattice, n, p); };
  auto sample_point = [&](int i, int j, int k) { return Vec3(lattice.origin + h * Vec3(i, j, k)); };

  // Unsigned distance within the band.
  ScalarGrid dist(wn.x(), wn.y(), wn.z(), band);
  for_each_sample_near_triangle(vertices, triangles, lattice, band, n, window, [&](int i, int j, int k, int f) {
    const auto& t = triangles[f];
    const Vec3 p = sample_point(i, j, k);
    double& d = dist(i - w0.x(), j - w0.y(), k - w0.z());
    d = std::min(d, (p - closest_point_on_triangle(p, vertices[t[0]], vertices[t[1]], vertices[t[2]])).norm());
  });

  // Sign by the parity of crossings of a +x ray from each sample: crossings bucketed by row.
  std::vector<std::vector<double>> rows(static_cast<size_t>(wn.y()) * wn.z());
  const double oy = 1.1e-7 * h, oz = 1.3e-7 * h;  // ray offsets: no ray meets an edge exactly
  for (const auto& t : triangles) {
    const Vec3 &A = vertices[t[0]], &B = vertices[t[1]], &C = vertices[t[2]];
    const double det = (B.y() - A.y()) * (C.z() - A.z()) - (C.y() - A.y()) * (B.z() - A.z());
    if (std::abs(det) < 1e-300) continue;  // parallel to the rays
    const Vec3 lo = A.cwiseMin(B).cwiseMin(C), hi = A.cwiseMax(B).cwiseMax(C);
    const int j0 = std::max(lower(lo).y() - 1, w0.y()), j1 = std::min(upper(hi).y(), w1.y());
    const int k0 = std::max(lower(lo).z() - 1, w0.z()), k1 = std::min(upper(hi).z(), w1.z());
    for (int k = k0; k <= k1; ++k)
      for (int j = j0; j <= j1; ++j) {
        const Vec3 p = sample_point(0, j, k);
        const double py = p.y() + oy, pz = p.z() + oz;
        const double u = ((py - A.y()) * (C.z() - A.z()) - (C.y() - A.y()) * (pz - A.z())) / det;
        const double v = ((B.y() - A.y()) * (pz - A.z()) - (py - A.y()) * (B.z() - A.z())) / det;
        if (u < 0 || v < 0 || u + v > 1) continue;
        rows[static_cast<size_t>(k - w0.z()) * wn.y() + (j - w0.y())].push_back(A.x() + u * (B.x() - A.x()) +
                                                                              v * (C.x() - A.x()));
      }
  }
  parallel_for(0, static_cast<int64_t>(wn.y()) * wn.z(), [&](int64_t row) {
    std::vector<double>& xs = rows[row];
    std::sort(xs.begin(), xs.end());
    const int jj = static_cast<int>(row % wn.y()), kk = static_cast<int>(row / wn.y());
    for (int ii = 0; ii < wn.x(); ++ii) {
      const double x = sample_point(ii + w0.x(), 0, 0).x();
      const auto crossings = xs.end() - std::upper_bound(xs.begin(), xs.end(), x);
      const double d = dist(ii, jj, kk);
      double& out = phi(ii + w0.x(), jj + w0.y(), kk + w0.z());
      out = std::min(out, crossings % 2 == 1 ? -d : d);
    }
  });
}

}  // namespace ripple
