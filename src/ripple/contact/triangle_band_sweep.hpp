#pragma once
// Visits the samples of a lattice near each triangle of a mesh: the shared loop of the mesh's
// sampled signed distance and of its closest-point velocity.
#include <array>
#include <vector>

#include "ripple/contact/mesh_signed_distance.hpp"
#include "ripple/core/parallel.hpp"

namespace ripple {

/// Lattice indices [lo, hi] (inclusive, clamped to the lattice's dims) within `band` (m) of the
/// mesh's bounding box; empty when the mesh lies that far outside.
struct BandWindow {
  Vec3i lo = Vec3i::Zero(), hi = -Vec3i::Ones();
  bool empty() const { return (hi.array() < lo.array()).any(); }
  Vec3i size() const { return hi - lo + Vec3i::Ones(); }
};

inline Vec3i lattice_floor(const Lattice& l, const Vec3i& dims, const Vec3& p) {
  return ((p - l.origin) / l.h).array().floor().cast<int>().max(0).min((dims - Vec3i::Ones()).array()).matrix().eval();
}
inline Vec3i lattice_ceil(const Lattice& l, const Vec3i& dims, const Vec3& p) {
  return ((p - l.origin) / l.h).array().ceil().cast<int>().max(0).min((dims - Vec3i::Ones()).array()).matrix().eval();
}

inline BandWindow band_window(const std::vector<Vec3>& vertices, const std::vector<std::array<int, 3>>& triangles,
                              const Lattice& lattice, double band, const Vec3i& dims) {
  Aabb box;
  for (const auto& t : triangles)
    for (int v : t) box.extend(vertices[v]);
  BandWindow w;
  if (triangles.empty()) return w;
  w.lo = lattice_floor(lattice, dims, box.lo - Vec3::Constant(band));
  w.hi = lattice_ceil(lattice, dims, box.hi + Vec3::Constant(band));
  return w;
}

/// Calls visit(i, j, k, f) for every sample (i, j, k) of `window` within `band` of triangle f's
/// bounding box. z-slabs run in parallel and every call for one sample comes from one thread,
/// triangles in increasing order, so a per-sample minimum is deterministic.
template <class Visit>
void for_each_sample_near_triangle(const std::vector<Vec3>& vertices, const std::vector<std::array<int, 3>>& triangles,
                                   const Lattice& lattice, double band, const Vec3i& dims, const BandWindow& window,
                                   Visit visit) {
  if (window.empty()) return;
  const Vec3i n = window.size();
  std::vector<std::vector<int>> slab(n.z());
  for (size_t f = 0; f < triangles.size(); ++f) {
    const auto& t = triangles[f];
    const Vec3 lo = vertices[t[0]].cwiseMin(vertices[t[1]]).cwiseMin(vertices[t[2]]) - Vec3::Constant(band);
    const Vec3 hi = vertices[t[0]].cwiseMax(vertices[t[1]]).cwiseMax(vertices[t[2]]) + Vec3::Constant(band);
    const int k0 = lattice_floor(lattice, dims, lo).z(), k1 = lattice_ceil(lattice, dims, hi).z();
    for (int k = std::max(k0, window.lo.z()); k <= std::min(k1, window.hi.z()); ++k)
      slab[k - window.lo.z()].push_back(static_cast<int>(f));
  }
  parallel_for(0, n.z(), [&](int64_t kk) {
    const int k = static_cast<int>(kk) + window.lo.z();
    for (int f : slab[kk]) {
      const auto& t = triangles[f];
      const Vec3 &A = vertices[t[0]], &B = vertices[t[1]], &C = vertices[t[2]];
      const Vec3i i0 = lattice_floor(lattice, dims, A.cwiseMin(B).cwiseMin(C) - Vec3::Constant(band)).cwiseMax(window.lo);
      const Vec3i i1 = lattice_ceil(lattice, dims, A.cwiseMax(B).cwiseMax(C) + Vec3::Constant(band)).cwiseMin(window.hi);
      for (int j = i0.y(); j <= i1.y(); ++j)
        for (int i = i0.x(); i <= i1.x(); ++i) visit(i, j, k, f);
    }
  });
}

}  // namespace ripple
