#include "ripple/coupling/monolith/rigid_body.hpp"

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
  const Vec3 s2 = size.cwiseAbs2();
  b.inertia = (b.mass / 12.0 * Vec3(s2.y() + s2.z(), s2.x() + s2.z(), s2.x() + s2.y())).asDiagonal();
  for (int c = 0; c < 8; ++c)
    b.points.push_back(0.5 * Vec3((c & 1) ? size.x() : -size.x(), (c & 2) ? size.y() : -size.y(),
                                  (c & 4) ? size.z() : -size.z()));
  return b;
}

}  // namespace ripple
