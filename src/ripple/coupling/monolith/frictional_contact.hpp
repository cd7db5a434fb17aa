#pragma once
// Velocity-level frictional contact of the monolith method's rigid bodies with static solids
// (Takahashi & Batty 2022, Sec. 3.1 and 3.5): the contact impulses c = (n, z) are the Lagrange
// multipliers of h = -J V = 0 (Eq. 19) with the Signorini-Coulomb conditions n >= 0 and the
// pyramid friction |z_1|, |z_2| <= mu n, n from the last solve (Sec. 3.7.1); in dual form
//     min_c 1/2 c^T (J M^-1 J^T) c + c^T (J V* + bias)  on the box,
// solved by MPRGP (solver/box_qp.hpp) with a small diagonal scaling that keeps J M^-1 J^T
// definite when a body has more contact rows than velocities (kContactRegularisation). The
// bias is Baumgarte stabilisation: a contact already penetrating by d must separate at
// beta d / dt; one still a gap g apart may approach by at most g / dt. The pyramid's first edge lies along the contact's
// predicted sliding direction, so a body sliding along it feels mu n exactly, as in a cone.
#include <array>
#include <functional>
#include <vector>

#include "ripple/solid/rigid_body.hpp"
#include "ripple/solver/box_qp.hpp"

namespace ripple {

/// A static half-space: x with normal . (x - point) >= 0 lies outside the solid.
struct ContactPlane {
  Vec3 point = Vec3::Zero();    ///< m
  Vec3 normal = Vec3::UnitY();  ///< unit, out of the solid
  double friction = 0.5;
};

/// One point of a solid near a static solid or a rigid body: a rigid body's surface point, or
/// an elastic volume's surface vertex.
struct SolidContact {
  int body = 0;                 ///< the rigid body the point belongs to (-1: an elastic vertex)
  int other = -1;               ///< the rigid body it touches (-1: a static solid)
  Vec3 point = Vec3::Zero();    ///< m, world
  Vec3 normal = Vec3::UnitY();  ///< unit, from the solid (or the other body) towards the body
  double gap = 0.0;             ///< m (negative: penetrating)
  double friction = 0.5;        ///< of the pair: sqrt(mu_a mu_b)
  Vec3 surface_velocity = Vec3::Zero();  ///< m/s, of a static solid's surface there (a moving obstacle)
  int unknown = -1;             ///< an elastic vertex's first velocity unknown (ElasticVolumes)
  /// The other side an elastic surface triangle's point: its vertices' first unknowns (-1:
  /// pinned, or none) and barycentric weights.
  std::array<int, 3> other_unknowns{-1, -1, -1};
  Vec3 other_weights = Vec3::Zero();
};

/// Static or moving solids as a signed distance (m, positive outside) with their friction
/// coefficient and, for moving ones, their surface velocity (m/s; empty: at rest).
struct ContactField {
  std::function<double(const Vec3&)> distance;
  double friction = 0.5;
  std::function<Vec3(const Vec3&)> velocity;
};

/// The points of every body within `margin` (m) of a plane, of the field (empty: none) or of
/// another body's surface (rigid_body_distance).
std::vector<SolidContact> find_rigid_contacts(const std::vector<RigidBody>& bodies,
                                              const std::vector<ContactPlane>& planes, const ContactField& field,
                                              double margin);

/// The contact rows' diagonal is scaled by (1 + this) to keep J M^-1 J^T definite when a body
/// has more contact rows than velocities (Sec. 3.7.4). The scaling is a compliance: a contact
/// gives way by about this share of its load each step and Baumgarte pushes it back, which a
/// rigid body's many rows average out but an elastic vertex feels as jitter (3e-4 m/s on a
/// resting block whenever the step changes); so an elastic vertex with one contact, which has
/// no redundant rows, is scaled by 1e-10 instead (monolithic_solve.cpp).
constexpr double kContactRegularisation = 1e-3;

struct FrictionalContactSettings {
  double baumgarte = 0.2;     ///< share of a penetration removed per step
  /// m: the gap contacts are held at. Resting contacts sink by their regularisation's
  /// compliance (about 1e-6 m) before Baumgarte answers; held this far apart they do not
  /// touch.
  double skin = 0.0;
  int friction_updates = 3;   ///< solves with the pyramid's bounds from the last normal impulses
  BoxQpSettings qp{1e-8, 5000, 1.0};
};

struct FrictionalContactReport {
  int contacts = 0;
  int solves = 0;
  int qp_iterations = 0;  ///< summed over the solves
  bool converged = true;  ///< every solve reached its tolerance
  double residual = 0.0;  ///< the largest final relative residual of the solves
};

/// A contact constraint row acting on one or two bodies' velocities (v, omega):
/// J = [d, r x d] on the body, minus the same on the other body at the same point; an elastic
/// vertex's row is d on its three velocity unknowns, an elastic triangle's point's -w_k d on
/// each of its vertices'.
struct ContactRow {
  std::array<int, 2> body{-1, -1};
  std::array<Eigen::Matrix<double, 6, 1>, 2> j;
  int unknown = -1;          ///< the elastic vertex's first unknown (-1: none)
  Vec3 d = Vec3::Zero();
  std::array<int, 3> other_unknowns{-1, -1, -1};  ///< an elastic triangle's, entering as -w_k d
  Vec3 other_weights = Vec3::Zero();
};

/// Three rows per contact: its normal, then the pyramid's two edges (the first along the
/// predicted sliding, i.e. the tangential relative velocity at V*); the relative velocity
/// J V* + moving along each, `moving` the part a moving obstacle's surface adds (-d . v_surface),
/// and the Baumgarte bias.
struct ContactRows {
  std::vector<ContactRow> rows;
  VectorX predicted, moving, bias;
};
/// `elastic_velocity`: the elastic unknowns' predicted velocities (needed when a contact has one).
ContactRows build_contact_rows(const std::vector<RigidBody>& bodies, const std::vector<SolidContact>& contacts,
                               double dt, const FrictionalContactSettings& settings,
                               const VectorX* elastic_velocity = nullptr);

/// The elastic vertices (`vertices`, world positions (m), with their first unknowns) within
/// `margin` (m) of a plane, of the field or of a rigid body's surface; `friction` is the
/// elastic bodies' Coulomb coefficient per vertex.
std::vector<SolidContact> find_elastic_contacts(const std::vector<Vec3>& vertices, const std::vector<int>& unknowns,
                                                const std::vector<double>& friction,
                                                const std::vector<RigidBody>& bodies,
                                                const std::vector<ContactPlane>& planes, const ContactField& field,
                                                double margin);

/// Minimises 1/2 x^T A x - b^T x with the contact rows (three per contact, from row `first`;
/// rows before it are free) bounded: n >= 0, and the pyramid |z| <= mu n, first frictionless,
/// then `friction_updates` times with n from the last solve. x holds the guess on entry. With
/// A's diagonal given, the problem is solved scaled to a unit diagonal (the tolerance then
/// holds for the scaled projected gradient).
void solve_with_friction_bounds(const LinearMap& apply, const LinearMap& precondition, const VectorX& b,
                                const std::vector<SolidContact>& contacts, int64_t first, VectorX& x,
                                const FrictionalContactSettings& settings, FrictionalContactReport& report,
                                const VectorX* diagonal_for_scaling = nullptr);

/// Applies the contact impulses to the bodies' velocities (their predicted V* on entry).
FrictionalContactReport resolve_rigid_contacts(std::vector<RigidBody>& bodies,
                                               const std::vector<SolidContact>& contacts, double dt,
                                               const FrictionalContactSettings& settings = {});

}  // namespace ripple
