#pragma once
// Signed distance (m, negative inside) of a scene shape. Boxes and spheres are analytic;
// closed meshes are sampled on a grid (spacing h) once: exact unsigned distance within a band
// of a few samples, sign from ray parity, distance clamped to the band beyond it.
#include <memory>

#include "ripple/grid/array3.hpp"
#include "ripple/solid/shape.hpp"

namespace ripple {

class ShapeSdf {
 public:
  ShapeSdf(const ShapeDesc& shape, double h);
  double operator()(const Vec3& p) const;

 private:
  ShapeDesc shape_;
  // Mesh only.
  ScalarGrid samples_;
  Vec3 origin_ = Vec3::Zero();
  double h_ = 1.0;
  double band_ = 0.0;
};

/// Exact signed distance of an axis-aligned box.
double box_sdf(const Vec3& p, const Vec3& lo, const Vec3& hi);

}  // namespace ripple
