#include "ripple/contact/mesh_signed_distance.hpp"

#include <algorithm>
#include <cmath>

#include "ripple/contact/point_triangle_distance.hpp"
#include "ripple/core/parallel.hpp"

namespace ripple {

void min_with_mesh_signed_distance(const std::vector<Vec3>& vertices, const std::vector<std::array<int, 3>>& triangles,
                                   const Lattice& lattice, double band, ScalarGrid& phi) {
  if (triangles.empty() || phi.size() == 0) return;
  const double h = lattice.h;
  const Vec3i n = phi.dims();
  Aabb box;
  for (const auto& t : triangles)
    for (int v : t) box.extend(vertices[v]);
  auto lower = [&](const Vec3& p) {
    return ((p - lattice.origin) / h).array().floor().cast<int>().max(0).min((n - Vec3i::Ones()).array()).matrix().eval();
  };
  auto upper = [&](const Vec3& p) {
    return ((p - lattice.origin) / h).array().ceil().cast<int>().max(0).min((n - Vec3i::Ones()).array()).matrix().eval();
  };
  const Vec3i w0 = lower(box.lo - Vec3::Constant(band)), w1 = upper(box.hi + Vec3::Constant(band));
  const Vec3i wn = w1 - w0 + Vec3i::Ones();
  if ((wn.array() <= 0).any()) return;
  auto sample_point = [&](int i, int j, int k) { return Vec3(lattice.origin + h * Vec3(i, j, k)); };

  // Unsigned distance within the band: triangles bucketed by the z-slabs their padded boxes
  // touch, slabs in parallel (min is order-independent, so the result is deterministic).
  ScalarGrid dist(wn.x(), wn.y(), wn.z(), band);
  std::vector<std::vector<int>> slab(wn.z());
  for (size_t f = 0; f < triangles.size(); ++f) {
    const auto& t = triangles[f];
    const Vec3 lo = vertices[t[0]].cwiseMin(vertices[t[1]]).cwiseMin(vertices[t[2]]) - Vec3::Constant(band);
    const Vec3 hi = vertices[t[0]].cwiseMax(vertices[t[1]]).cwiseMax(vertices[t[2]]) + Vec3::Constant(band);
    const int k0 = lower(lo).z(), k1 = upper(hi).z();
    for (int k = std::max(k0, w0.z()); k <= std::min(k1, w1.z()); ++k) slab[k - w0.z()].push_back(static_cast<int>(f));
  }
  parallel_for(0, wn.z(), [&](int64_t kk) {
    const int k = static_cast<int>(kk) + w0.z();
    for (int f : slab[kk]) {
      const auto& t = triangles[f];
      const Vec3 &A = vertices[t[0]], &B = vertices[t[1]], &C = vertices[t[2]];
      const Vec3i i0 = lower(A.cwiseMin(B).cwiseMin(C) - Vec3::Constant(band)).cwiseMax(w0);
      const Vec3i i1 = upper(A.cwiseMax(B).cwiseMax(C) + Vec3::Constant(band)).cwiseMin(w1);
      for (int j = i0.y(); j <= i1.y(); ++j)
        for (int i = i0.x(); i <= i1.x(); ++i) {
          const Vec3 p = sample_point(i, j, k);
          double& d = dist(i - w0.x(), j - w0.y(), static_cast<int>(kk));
          d = std::min(d, (p - closest_point_on_triangle(p, A, B, C)).norm());
        }
    }
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
