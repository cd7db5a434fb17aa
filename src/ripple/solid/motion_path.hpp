#pragma once
// A prescribed rigid motion over time: a constant velocity and spin, or keyframes (a position
// and a rotation at given times) joined linearly or smoothly. Positions are where the shape's
// centre is; rotations turn the shape about that centre from how the scene describes it.
#include <vector>

#include <Eigen/Geometry>

#include "ripple/core/types.hpp"

namespace ripple {

enum class PathInterpolation {
  linear,  ///< constant velocity (and spin) between keys
  smooth   ///< eases out of and into every key (zero velocity at each key, C1 in between)
};

struct PoseKey {
  double time = 0.0;                                         ///< s
  Vec3 position = Vec3::Zero();                              ///< m: where the shape's centre is
  Eigen::Quaterniond rotation = Eigen::Quaterniond::Identity();  ///< from the described shape
};

/// The pose at a time: x(t) = centre + rotation (X - rest_centre) for a point X of the shape.
struct Pose {
  Vec3 centre = Vec3::Zero();
  Mat3 rotation = Mat3::Identity();
};

class MotionPath {
 public:
  /// At rest at `rest_centre` (m).
  explicit MotionPath(const Vec3& rest_centre = Vec3::Zero());
  /// Moving at `velocity` (m/s) and spinning at `angular_velocity` (rad/s) about the centre from t = 0.
  static MotionPath constant(const Vec3& rest_centre, const Vec3& velocity, const Vec3& angular_velocity);
  /// Through `keys` (times strictly increasing, at least two); held at the first key before it
  /// and at the last after it.
  static MotionPath keyframed(const Vec3& rest_centre, std::vector<PoseKey> keys, PathInterpolation interpolation);

  bool moves() const;
  const Vec3& rest_centre() const { return rest_centre_; }
  Pose at(double t) const;
  /// Velocity (m/s) of the centre and angular velocity (rad/s) at t.
  Vec3 velocity(double t) const;
  Vec3 angular_velocity(double t) const;
  /// Velocity (m/s) at t of the point of the moving shape at x (m).
  Vec3 velocity_at(const Vec3& x, double t) const;

 private:
  /// The key interval holding t and the eased parameter in it, with its rate (1/s).
  struct Segment {
    size_t k = 0;        ///< keys k and k + 1
    double s = 0.0;      ///< in [0, 1]
    double ds_dt = 0.0;  ///< 1/s; 0 outside the keys
  };
  Segment segment(double t) const;

  Vec3 rest_centre_;
  Vec3 velocity_ = Vec3::Zero(), angular_velocity_ = Vec3::Zero();  // constant motion
  std::vector<PoseKey> keys_;                                        // keyframed motion
  PathInterpolation interpolation_ = PathInterpolation::linear;
};

}  // namespace ripple
