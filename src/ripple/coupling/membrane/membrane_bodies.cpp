#include "ripple/coupling/membrane/membrane_bodies.hpp"

#include <cmath>

#include "ripple/core/parallel.hpp"

namespace ripple {

Array3<int> cells_in_bodies(const std::vector<RigidBody>& bodies, const GridGeometry& g) {
  Array3<int> out(g.n, -1);
  if (bodies.empty()) return out;
  parallel_for(0, out.size(), [&](int64_t c) {
    const Vec3i I = out.coords(c);
    const Vec3 x = g.cell_center(I.x(), I.y(), I.z());
    for (size_t k = 0; k < bodies.size(); ++k)
      if ((x - bodies[k].position).norm() <= bounding_radius(bodies[k]) + g.dx && rigid_body_distance(bodies[k], x) < 0.0) {
        out[c] = static_cast<int>(k);
        break;
      }
  });
  return out;
}

void keep_liquid_out_of_bodies(const std::vector<RigidBody>& bodies, const GridGeometry& g, ScalarGrid& phi) {
  if (bodies.empty()) return;
  parallel_for(0, phi.size(), [&](int64_t c) {
    const Vec3i I = phi.coords(c);
    const Vec3 x = g.cell_center(I.x(), I.y(), I.z());
    for (const RigidBody& b : bodies)
      if ((x - b.position).norm() <= bounding_radius(b) + 4.0 * g.dx) phi[c] = std::max(phi[c], -rigid_body_distance(b, x));
  });
}

int64_t update_contact_particles(LiquidMembrane& m, const std::vector<RigidBody>& bodies, double reach) {
  if (bodies.empty()) return 0;
  const double h = 0.25 * reach;
  for (size_t i = 0; i < m.size(); ++i) {
    if (m.wall[i]) continue;
    int nearest = -1;
    double nearest_d = reach;
    for (size_t k = 0; k < bodies.size(); ++k) {
      if ((m.x[i] - bodies[k].position).norm() > bounding_radius(bodies[k]) + 4.0 * reach) continue;
      const double d = rigid_body_distance(bodies[k], m.x[i]);
      if (d <= nearest_d) {
        nearest_d = d;
        nearest = static_cast<int>(k);
      }
    }
    if (nearest < 0) {
      m.body[i] = -1;
      continue;
    }
    const RigidBody& b = bodies[static_cast<size_t>(nearest)];
    // Inside: onto the surface along the distance's gradient (Fig. 7 step 2), again while the
    // sampled distance's curvature (a box's edges) leaves it inside.
    double d = nearest_d;
    for (int round = 0; round < 4 && d < 0.0; ++round) {
      const Vec3 n = distance_gradient([&](const Vec3& x) { return rigid_body_distance(b, x); }, m.x[i], h);
      if (!(n.norm() > 0.0)) break;
      m.x[i] -= d * n.normalized();
      d = rigid_body_distance(b, m.x[i]);
    }
    m.body[i] = nearest;
  }
  // Rule 3: a contact particle none of whose neighbours touches a body is free.
  std::vector<uint8_t> neighbour_touches(m.size(), 0);
  for (const Eigen::Vector3i& t : m.triangles)
    for (int c = 0; c < 3; ++c)
      if (m.body[static_cast<size_t>(t[(c + 1) % 3])] >= 0 || m.body[static_cast<size_t>(t[(c + 2) % 3])] >= 0)
        neighbour_touches[static_cast<size_t>(t[c])] = 1;
  int64_t contacts = 0;
  for (size_t i = 0; i < m.size(); ++i) {
    if (m.body[i] >= 0 && !neighbour_touches[i]) m.body[i] = -1;
    if (m.body[i] >= 0) ++contacts;
  }
  return contacts;
}

void carry_contact_particles(LiquidMembrane& m, const std::vector<RigidBody>& before, const std::vector<RigidBody>& after) {
  for (size_t i = 0; i < m.size(); ++i) {
    const int k = m.body[i];
    if (k < 0) continue;
    const RigidBody &b0 = before[static_cast<size_t>(k)], &b1 = after[static_cast<size_t>(k)];
    const Vec3 local = b0.orientation.conjugate() * (m.x[i] - b0.position);
    m.x[i] = b1.position + b1.orientation * local;
    m.v[i] = velocity_at(b1, m.x[i]);
  }
}

void adhesion_on_bodies(const LiquidMembrane& m, const std::vector<Vec3>& fc, const std::vector<RigidBody>& bodies,
                        std::vector<Vec3>& force, std::vector<Vec3>& torque) {
  force.assign(bodies.size(), Vec3::Zero());
  torque.assign(bodies.size(), Vec3::Zero());
  for (size_t i = 0; i < m.size(); ++i) {
    const int k = m.body[i];
    if (k < 0) continue;
    force[static_cast<size_t>(k)] += fc[i];
    torque[static_cast<size_t>(k)] += (m.x[i] - bodies[static_cast<size_t>(k)].position).cross(fc[i]);
  }
}

}  // namespace ripple
