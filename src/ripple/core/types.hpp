#pragma once
// Common numeric types. SI units everywhere; y is up.
#include <Eigen/Core>
#include <Eigen/Geometry>
#include <cstdint>

namespace ripple {

using Vec3 = Eigen::Vector3d;
using Vec3f = Eigen::Vector3f;
using Vec3i = Eigen::Vector3i;
using Mat3 = Eigen::Matrix3d;
using Mat3f = Eigen::Matrix3f;
using VectorX = Eigen::VectorXd;

/// Axis-aligned box [lo, hi] in world units (m).
struct Aabb {
  Vec3 lo = Vec3::Constant(1e300);
  Vec3 hi = Vec3::Constant(-1e300);
  void extend(const Vec3& p) { lo = lo.cwiseMin(p); hi = hi.cwiseMax(p); }
  bool empty() const { return (hi.array() < lo.array()).any(); }
};

}  // namespace ripple
