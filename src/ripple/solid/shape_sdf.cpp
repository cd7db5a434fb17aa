#include "ripple/solid/shape_sdf.hpp"

#include <algorithm>
#include <cmath>

#include "ripple/contact/point_triangle_distance.hpp"
#include "ripple/core/parallel.hpp"
#include "ripple/grid/interpolation.hpp"

namespace ripple {

double box_sdf(const Vec3& p, const Vec3& lo, const Vec3& hi) {
  const Vec3 c = 0.5 * (lo + hi), e = 0.5 * (hi - lo);
  const Vec3 q = (p - c).cwiseAbs() - e;
  return q.cwiseMax(0.0).norm() + std::min(q.maxCoeff(), 0.0);
}

ShapeSdf::ShapeSdf(const ShapeDesc& shape, double h) : shape_(shape), h_(h) {
  if (shape.kind != ShapeDesc::Kind::Mesh) return;
  const TriangleMesh& m = *shape.mesh;
  const int pad = 4;
  band_ = pad * h;
  const Aabb b = m.bounds();
  origin_ = b.lo - Vec3::Constant(pad * h);
  const Vec3i n = (((b.hi - b.lo) / h).array().ceil().cast<int>() + 2 * pad + 1).matrix();
  samples_.resize(n.x(), n.y(), n.z(), band_);
  // Unsigned distance within the band, triangle by triangle over its padded bounding box.
  ScalarGrid& d = samples_;
  for (const auto& t : m.triangles) {
    const Vec3 &A = m.vertices[t[0]], &B = m.vertices[t[1]], &C = m.vertices[t[2]];
    const Vec3 lo = A.cwiseMin(B).cwiseMin(C) - Vec3::Constant(band_), hi = A.cwiseMax(B).cwiseMax(C) + Vec3::Constant(band_);
    const Vec3i i0 = ((lo - origin_) / h).array().floor().cast<int>().max(0).matrix();
    const Vec3i i1 = ((hi - origin_) / h).array().ceil().cast<int>().min((n - Vec3i::Ones()).array()).matrix();
    for (int k = i0.z(); k <= i1.z(); ++k)
      for (int j = i0.y(); j <= i1.y(); ++j)
        for (int i = i0.x(); i <= i1.x(); ++i) {
          const Vec3 p = origin_ + h * Vec3(i, j, k);
          d(i, j, k) = std::min(d(i, j, k), (p - closest_point_on_triangle(p, A, B, C)).norm());
        }
  }
  // Sign by parity of crossings of a +x ray from each sample (rows in parallel).
  parallel_for(0, static_cast<int64_t>(n.y()) * n.z(), [&](int64_t row) {
    const int j = static_cast<int>(row % n.y()), k = static_cast<int>(row / n.y());
    const double y = origin_.y() + h * j, z = origin_.z() + h * k;
    std::vector<double> xs;
    for (const auto& t : m.triangles) {
      const Vec3 &A = m.vertices[t[0]], &B = m.vertices[t[1]], &C = m.vertices[t[2]];
      // Barycentrics of (y, z) in the triangle's yz projection; tiny offsets avoid edge hits.
      const double py = y + 1.1e-7 * h, pz = z + 1.3e-7 * h;
      const double det = (B.y() - A.y()) * (C.z() - A.z()) - (C.y() - A.y()) * (B.z() - A.z());
      if (std::abs(det) < 1e-300) continue;
      const double u = ((py - A.y()) * (C.z() - A.z()) - (C.y() - A.y()) * (pz - A.z())) / det;
      const double v = ((B.y() - A.y()) * (pz - A.z()) - (py - A.y()) * (B.z() - A.z())) / det;
      if (u < 0 || v < 0 || u + v > 1) continue;
      xs.push_back(A.x() + u * (B.x() - A.x()) + v * (C.x() - A.x()));
    }
    std::sort(xs.begin(), xs.end());
    for (int i = 0; i < n.x(); ++i) {
      const double x = origin_.x() + h * i;
      const auto crossings = xs.end() - std::upper_bound(xs.begin(), xs.end(), x);
      if (crossings % 2 == 1) d(i, j, k) = -d(i, j, k);
    }
  });
}

double ShapeSdf::operator()(const Vec3& p) const {
  switch (shape_.kind) {
    case ShapeDesc::Kind::Box: return box_sdf(p, shape_.min, shape_.max);
    case ShapeDesc::Kind::Sphere: return (p - shape_.center).norm() - shape_.radius;
    case ShapeDesc::Kind::Mesh: {
      const Vec3 s = (p - origin_) / h_;
      const Vec3 hi = (samples_.dims() - Vec3i::Ones()).cast<double>();
      const Vec3 clamped = s.cwiseMax(0.0).cwiseMin(hi);
      const double outside = (s - clamped).norm() * h_;
      return trilinear(samples_, clamped) + outside;
    }
  }
  return 0.0;
}

}  // namespace ripple
