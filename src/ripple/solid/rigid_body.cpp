#include "ripple/solid/rigid_body.hpp"

#include <algorithm>

namespace ripple {

Mat3 world_inertia(const RigidBody& b) {
  const Mat3 r = b.orientation.toRotationMatrix();
  return r * b.inertia * r.transpose();
}

double rigid_body_distance(const RigidBody& b, const Vec3& x) {
  const Vec3 local = b.orientation.conjugate() * (x - b.position);
  if (b.shape) return (*b.shape)(local);
  Vec3 half = Vec3::Zero();
  for (const Vec3& p : b.points) half = half.cwiseMax(p.cwiseAbs());
  const Vec3 q = local.cwiseAbs() - half;
  return q.cwiseMax(0.0).norm() + std::min(q.maxCoeff(), 0.0);
}

Vec3 distance_gradient(const std::function<double(const Vec3&)>& distance, const Vec3& x, double h) {
  Vec3 grad;
  for (int a = 0; a < 3; ++a) {
    Vec3 e = Vec3::Zero();
    e[a] = h;
    grad[a] = (distance(x + e) - distance(x - e)) / (2.0 * h);
  }
  return grad;
}

double bounding_radius(const RigidBody& b) {
  double r = 0.0;
  for (const Vec3& p : b.points) r = std::max(r, p.norm());
  return r;
}

Eigen::Matrix<double, 6, 6> inverse_mass(const RigidBody& b) {
  Eigen::Matrix<double, 6, 6> m = Eigen::Matrix<double, 6, 6>::Zero();
  m.topLeftCorner<3, 3>() = Mat3::Identity() / b.mass;
  m.bottomRightCorner<3, 3>() = world_inertia(b).inverse();
  return m;
}

Vec3 world_point(const RigidBody& b, size_t k) { return b.position + b.orientation * b.points[k]; }

void advance_position(RigidBody& b, double dt) {
  b.position += dt * b.velocity;
  const double angle = b.angular_velocity.norm() * dt;
  if (angle > 0.0) {
    const Eigen::Quaterniond turn(Eigen::AngleAxisd(angle, b.angular_velocity.normalized()));
    b.orientation = (turn * b.orientation).normalized();
  }
}

RigidBody box_body(const Vec3& size, double density) {
  RigidBody b;
  b.mass = density * size.prod();
  b.volume = size.prod();
  const Vec3 s2 = size.cwiseAbs2();
  b.inertia = (b.mass / 12.0 * Vec3(s2.y() + s2.z(), s2.x() + s2.z(), s2.x() + s2.y())).asDiagonal();
  for (int c = 0; c < 8; ++c)
    b.points.push_back(0.5 * Vec3((c & 1) ? size.x() : -size.x(), (c & 2) ? size.y() : -size.y(),
                                  (c & 4) ? size.z() : -size.z()));
  return b;
}

}  // namespace ripple
