#include "ripple/coupling/monolith/rigid_body.hpp"

namespace ripple {

Mat3 world_inertia(const RigidBody& b) {
  const Mat3 r = b.orientation.toRotationMatrix();
  return r * b.inertia * r.transpose();
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
