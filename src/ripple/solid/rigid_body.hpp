#pragma once
// Rigid bodies as the monolith and membrane methods step them (Takahashi & Batty 2022, Sec.
// 3.1; Ruan et al. 2021, Sec. 4.3): six velocity coordinates per body, V = (v, omega) (m/s, rad/s, world frame), with the mass matrix
// M = diag(m I, R I_body R^T), and positions advanced from the velocities after each solve.
#include <functional>
#include <memory>
#include <vector>

#include <Eigen/Geometry>

#include "ripple/core/types.hpp"
#include "ripple/solid/shape_sdf.hpp"

namespace ripple {

struct RigidBody {
  Vec3 position = Vec3::Zero();  ///< centre of mass (m)
  Eigen::Quaterniond orientation = Eigen::Quaterniond::Identity();
  Vec3 velocity = Vec3::Zero();          ///< of the centre of mass (m/s)
  Vec3 angular_velocity = Vec3::Zero();  ///< world frame (rad/s)
  double mass = 1.0;                     ///< kg
  double volume = 0.0;                   ///< m^3, of its closed surface (0: unknown)
  Mat3 inertia = Mat3::Identity();       ///< about the centre of mass, body frame (kg m^2)
  std::vector<Vec3> points;              ///< contact samples (surface vertices), body frame (m)
  double friction = 0.5;                 ///< Coulomb coefficient mu
  /// Signed distance in the body frame (m, negative inside); null: the box bounding `points`.
  std::shared_ptr<const ShapeSdf> shape;
};

/// Signed distance (m, negative inside) of world point x to the body.
double rigid_body_distance(const RigidBody& body, const Vec3& x);

/// Gradient of a signed distance at x by central differences of step h (m): the outward
/// normal's direction, unnormalised.
Vec3 distance_gradient(const std::function<double(const Vec3&)>& distance, const Vec3& x, double h);

/// Largest distance of a contact point from the centre of mass (m).
double bounding_radius(const RigidBody& body);

/// The 6 x 6 inverse mass on (v, omega): diag(1/m, (R I R^T)^-1).
Eigen::Matrix<double, 6, 6> inverse_mass(const RigidBody& body);

/// R I_body R^T (kg m^2).
Mat3 world_inertia(const RigidBody& body);

/// Point k of the body in the world (m).
Vec3 world_point(const RigidBody& body, size_t k);

/// Velocity of the body's material at world point x (m/s).
inline Vec3 velocity_at(const RigidBody& body, const Vec3& x) {
  return body.velocity + body.angular_velocity.cross(x - body.position);
}

/// Moves position and orientation by dt (s) with the current velocities (the rotation by the
/// exact quaternion of omega dt).
void advance_position(RigidBody& body, double dt);

/// A box of the given size (m) and density (kg/m^3), its 8 corners as contact points.
RigidBody box_body(const Vec3& size, double density);

}  // namespace ripple
