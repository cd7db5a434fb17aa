#include "ripple/solid/motion_path.hpp"

#include <algorithm>
#include <cmath>

namespace ripple {

MotionPath::MotionPath(const Vec3& rest_centre) : rest_centre_(rest_centre) {}

MotionPath MotionPath::constant(const Vec3& rest_centre, const Vec3& velocity, const Vec3& angular_velocity) {
  MotionPath p(rest_centre);
  p.velocity_ = velocity;
  p.angular_velocity_ = angular_velocity;
  return p;
}

MotionPath MotionPath::keyframed(const Vec3& rest_centre, std::vector<PoseKey> keys, PathInterpolation interpolation) {
  MotionPath p(rest_centre);
  for (PoseKey& k : keys) k.rotation.normalize();
  // Each key's rotation on the same side of the quaternion sphere as the one before, so that
  // every interval turns the short way (as slerp does) and the angular velocity agrees with it.
  for (size_t k = 1; k < keys.size(); ++k)
    if (keys[k].rotation.dot(keys[k - 1].rotation) < 0.0) keys[k].rotation.coeffs() *= -1.0;
  p.keys_ = std::move(keys);
  p.interpolation_ = interpolation;
  return p;
}

bool MotionPath::moves() const {
  if (!keys_.empty()) return true;
  return velocity_.squaredNorm() > 0.0 || angular_velocity_.squaredNorm() > 0.0;
}

MotionPath::Segment MotionPath::segment(double t) const {
  Segment s;
  // Held before the first key; an interval holds its start, so at the first key the path
  // already moves (as a mesh sequence does at its first frame).
  if (keys_.size() < 2 || t < keys_.front().time) return s;
  if (t >= keys_.back().time) {
    s.k = keys_.size() - 2;
    s.s = 1.0;
    return s;
  }
  // The interval [time_k, time_k+1) holding t.
  const auto next = std::upper_bound(keys_.begin(), keys_.end(), t, [](double x, const PoseKey& k) { return x < k.time; });
  s.k = static_cast<size_t>(next - keys_.begin()) - 1;
  const double span = keys_[s.k + 1].time - keys_[s.k].time, u = (t - keys_[s.k].time) / span;
  if (interpolation_ == PathInterpolation::linear) {
    s.s = u;
    s.ds_dt = 1.0 / span;
  } else {  // smoothstep: zero rate at both keys
    s.s = u * u * (3.0 - 2.0 * u);
    s.ds_dt = 6.0 * u * (1.0 - u) / span;
  }
  return s;
}

Pose MotionPath::at(double t) const {
  Pose p;
  if (keys_.empty()) {
    p.centre = rest_centre_ + velocity_ * t;
    const Vec3 w = angular_velocity_ * t;
    const double angle = w.norm();
    if (angle > 0.0) p.rotation = Eigen::AngleAxisd(angle, w / angle).toRotationMatrix();
    return p;
  }
  const Segment s = segment(t);
  const PoseKey& a = keys_[s.k];
  const PoseKey& b = keys_.size() > 1 ? keys_[s.k + 1] : a;
  p.centre = (1.0 - s.s) * a.position + s.s * b.position;
  p.rotation = a.rotation.slerp(s.s, b.rotation).toRotationMatrix();
  return p;
}

Vec3 MotionPath::velocity(double t) const {
  if (keys_.empty()) return velocity_;
  const Segment s = segment(t);
  if (s.ds_dt == 0.0) return Vec3::Zero();
  return (keys_[s.k + 1].position - keys_[s.k].position) * s.ds_dt;
}

Vec3 MotionPath::angular_velocity(double t) const {
  if (keys_.empty()) return angular_velocity_;
  const Segment s = segment(t);
  if (s.ds_dt == 0.0) return Vec3::Zero();
  // slerp(q_a, q_b, s) = (q_b q_a^-1)^s q_a: a turn about the world axis of q_b q_a^-1.
  const Eigen::AngleAxisd turn(keys_[s.k + 1].rotation * keys_[s.k].rotation.conjugate());
  return turn.axis() * turn.angle() * s.ds_dt;
}

Vec3 MotionPath::velocity_at(const Vec3& x, double t) const {
  return velocity(t) + angular_velocity(t).cross(x - at(t).centre);
}

}  // namespace ripple
