#include "ripple/solid/shape_sdf.hpp"

#include <algorithm>
#include <cmath>

#include "ripple/contact/mesh_signed_distance.hpp"
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
  min_with_mesh_signed_distance(m.vertices, triangle_arrays(m.triangles), Lattice{origin_, h}, band_, samples_);
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
