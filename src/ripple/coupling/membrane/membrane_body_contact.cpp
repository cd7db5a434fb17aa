#include "ripple/coupling/membrane/membrane_body_contact.hpp"

#include <algorithm>
#include <cmath>

namespace ripple {

namespace {

/// 1 / (the effective mass of body b at world point x along unit n): 1/m + (r x n)^T I^-1 (r x n).
double inverse_mass_along(const RigidBody& b, const Vec3& x, const Vec3& n) {
  const Vec3 rn = (x - b.position).cross(n);
  return 1.0 / b.mass + rn.dot(world_inertia(b).inverse() * rn);
}

void apply_impulse(RigidBody& b, const Vec3& x, const Vec3& j) {
  b.velocity += j / b.mass;
  b.angular_velocity += world_inertia(b).inverse() * (x - b.position).cross(j);
}

/// A sample x of body a near a wall (b = -1) or body b; n points from b toward a.
struct Contact {
  int a = 0, b = -1;
  Vec3 x = Vec3::Zero(), n = Vec3::Zero();
  double gap = 0.0;  ///< m along n (negative: inside)
  double mu = 0.0;
  double jn = 0.0;           ///< accumulated normal impulse (N s)
  Vec3 jt = Vec3::Zero();    ///< accumulated friction impulse (N s)
};

std::vector<Contact> find_contacts(const std::vector<RigidBody>& bodies, const GridGeometry& domain, double dt) {
  const Vec3 lo = domain.origin, hi = domain.upper();
  std::vector<Contact> out;
  for (size_t a = 0; a < bodies.size(); ++a) {
    const RigidBody& A = bodies[a];
    const double sweep_a = dt * (A.velocity.norm() + bounding_radius(A) * A.angular_velocity.norm());
    for (size_t k = 0; k < A.points.size(); ++k) {
      const Vec3 x = world_point(A, k);
      for (int axis = 0; axis < 3; ++axis)
        for (int side = 0; side < 2; ++side) {
          const double d = side == 0 ? x[axis] - lo[axis] : hi[axis] - x[axis];
          if (d > 0.5 * domain.dx + sweep_a) continue;
          Contact c;
          c.a = static_cast<int>(a);
          c.x = x;
          c.n = Vec3::Zero();
          c.n[axis] = side == 0 ? 1.0 : -1.0;
          c.gap = d;
          c.mu = A.friction;
          out.push_back(c);
        }
    }
    for (size_t b = 0; b < bodies.size(); ++b) {
      if (b == a) continue;
      const RigidBody& B = bodies[b];
      const double reach = 0.5 * domain.dx + sweep_a + dt * (B.velocity.norm() + bounding_radius(B) * B.angular_velocity.norm());
      if ((A.position - B.position).norm() > bounding_radius(A) + bounding_radius(B) + reach) continue;
      for (size_t k = 0; k < A.points.size(); ++k) {
        const Vec3 x = world_point(A, k);
        if ((x - B.position).norm() > bounding_radius(B) + reach) continue;
        const double d = rigid_body_distance(B, x);
        if (d > reach) continue;
        const Vec3 grad = distance_gradient([&](const Vec3& y) { return rigid_body_distance(B, y); }, x, 0.1 * domain.dx);
        if (!(grad.norm() > 0.0)) continue;
        Contact c;
        c.a = static_cast<int>(a);
        c.b = static_cast<int>(b);
        c.x = x;
        c.n = grad.normalized();
        c.gap = d;
        c.mu = std::max(A.friction, B.friction);
        out.push_back(c);
      }
    }
  }
  return out;
}

}  // namespace

int64_t resolve_body_contacts(std::vector<RigidBody>& bodies, const GridGeometry& domain, double dt) {
  std::vector<Contact> contacts = find_contacts(bodies, domain, dt);
  if (contacts.empty()) return 0;
  // Projected Gauss-Seidel on the accumulated impulses (each normal one kept >= 0, each friction
  // one inside its cone): the flat face of a box lands without the spin that one-pass point
  // impulses leave.
  for (int sweep = 0; sweep < 50; ++sweep) {
    double change = 0.0, scale = 0.0;
    for (Contact& c : contacts) {
      RigidBody& A = bodies[static_cast<size_t>(c.a)];
      RigidBody* B = c.b >= 0 ? &bodies[static_cast<size_t>(c.b)] : nullptr;
      auto relative_velocity = [&]() -> Vec3 {
        Vec3 v = velocity_at(A, c.x);
        if (B) v -= velocity_at(*B, c.x);
        return v;
      };
      const double w = inverse_mass_along(A, c.x, c.n) + (B ? inverse_mass_along(*B, c.x, c.n) : 0.0);
      // Normal: the end-of-step gap, gap + dt vn, kept >= 0; a sample already inside stops
      // going deeper (its body is moved out below, not pushed: a push would stay in it).
      const double vn = relative_velocity().dot(c.n);
      const double target = c.gap >= 0.0 ? -c.gap / dt : 0.0;
      const double jn = std::max(0.0, c.jn + (target - vn) / w);
      Vec3 dj = (jn - c.jn) * c.n;
      c.jn = jn;
      apply_impulse(A, c.x, dj);
      if (B) apply_impulse(*B, c.x, -dj);
      change += std::abs(dj.dot(c.n));
      scale += c.jn;
      // Friction: stop the sliding within Coulomb's cone, with the effective mass along the
      // sliding direction (a sphere's contact point turns it: 1/m + R^2/I there, not 1/m).
      const Vec3 v = relative_velocity();
      const Vec3 vt = v - v.dot(c.n) * c.n;
      const double vt_norm = vt.norm();
      if (!(vt_norm > 0.0) && c.jt.squaredNorm() == 0.0) continue;
      Vec3 jt = c.jt;
      if (vt_norm > 0.0) {
        const Vec3 t = vt / vt_norm;
        const double wt = inverse_mass_along(A, c.x, t) + (B ? inverse_mass_along(*B, c.x, t) : 0.0);
        jt -= vt / wt;
      }
      const double limit = c.mu * c.jn;
      if (jt.norm() > limit) jt *= limit / jt.norm();
      dj = jt - c.jt;
      c.jt = jt;
      apply_impulse(A, c.x, dj);
      if (B) apply_impulse(*B, c.x, -dj);
      change += dj.norm();
    }
    if (change <= 1e-10 * scale) break;
  }
  // Samples already inside: their bodies moved out along the normals by the depth, shared
  // between two bodies by their inverse masses (translation only).
  std::vector<Vec3> shift(bodies.size(), Vec3::Zero());
  for (const Contact& c : contacts) {
    if (c.gap >= 0.0) continue;
    const size_t a = static_cast<size_t>(c.a);
    const double wa = 1.0 / bodies[a].mass, wb = c.b >= 0 ? 1.0 / bodies[static_cast<size_t>(c.b)].mass : 0.0;
    const double missing = -c.gap - (shift[a] - (c.b >= 0 ? shift[static_cast<size_t>(c.b)] : Vec3::Zero())).dot(c.n);
    if (missing <= 0.0) continue;
    shift[a] += wa / (wa + wb) * missing * c.n;
    if (c.b >= 0) shift[static_cast<size_t>(c.b)] -= wb / (wa + wb) * missing * c.n;
  }
  for (size_t k = 0; k < bodies.size(); ++k) bodies[k].position += shift[k];
  int64_t active = 0;
  for (const Contact& c : contacts) active += c.jn > 0.0 || c.gap < 0.0;
  return active;
}

}  // namespace ripple
