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

namespace {

/// Newton steps along the distance's gradient onto the body's surface (Fig. 7 step 2), `d` the
/// distance at `x`, repeated while the sampled distance's curvature (a box's edges) leaves it off
/// by more than `tol` (m).
void project_onto_surface(const RigidBody& b, Vec3& x, double d, double h, double tol) {
  auto dist = [&](const Vec3& y) { return rigid_body_distance(b, y); };
  for (int round = 0; round < 4 && std::abs(d) > tol; ++round) {
    const Vec3 n = distance_gradient(dist, x, h);
    if (!(n.norm() > 0.0)) break;
    x -= d * n.normalized();
    d = dist(x);
  }
}

/// A particle just captured (its body in `was` another) whose projection put it behind the
/// contact line, over the wetted sheet (a free surface meeting the body at less than 90 degrees
/// overhangs the sheet), would lay a contact triangle back over its neighbours: the membrane
/// would cross itself. The particle slides along the surface to the line's dry side, a fifth of
/// that triangle's sheet edge beyond it. (Undoing slides that turn the particle's other, mixed
/// triangles over would undo nearly all of them: crossing the line turns those.)
void keep_captured_beside_the_sheet(LiquidMembrane& m, const std::vector<RigidBody>& bodies, const std::vector<int>& was,
                                    double h) {
  bool captured = false;
  for (size_t i = 0; i < m.size() && !captured; ++i) captured = m.body[i] >= 0 && was[i] != m.body[i] && !m.wall[i];
  if (!captured) return;  // most substeps: nothing joined the sheet
  std::vector<std::vector<int>> incident(m.size());
  for (size_t t = 0; t < m.triangles.size(); ++t)
    for (int c = 0; c < 3; ++c) incident[static_cast<size_t>(m.triangles[t][c])].push_back(static_cast<int>(t));
  for (size_t i = 0; i < m.size(); ++i) {
    const int k = m.body[i];
    if (k < 0 || was[i] == k || m.wall[i]) continue;
    const RigidBody& b = bodies[static_cast<size_t>(k)];
    auto dist = [&](const Vec3& x) { return rigid_body_distance(b, x); };
    std::vector<uint8_t> fixed(incident[i].size(), 0);
    for (int round = 0; round < 3; ++round) {
      bool moved = false;
      for (size_t q = 0; q < incident[i].size(); ++q) {
        const Eigen::Vector3i& tri = m.triangles[static_cast<size_t>(incident[i][q])];
        int c = 0;
        while (tri[c] != static_cast<int>(i)) ++c;
        const size_t j = static_cast<size_t>(tri[(c + 1) % 3]), l = static_cast<size_t>(tri[(c + 2) % 3]);
        if (m.body[j] != k || m.body[l] != k) continue;
        Vec3 nb = distance_gradient(dist, m.x[i], h);
        if (!(nb.norm() > 0.0)) continue;
        nb.normalize();
        // The triangle (i, j, l) faces into the body (as the sheet does) where s > 0.
        const Vec3 e = m.x[l] - m.x[j];
        Vec3 o = -nb.cross(e);
        if (!(o.norm() > 0.0)) continue;
        o.normalize();
        const double s = (m.x[i] - m.x[j]).dot(o);
        if (s >= 0.0 && !fixed[q]) continue;
        const double margin = 0.2 * e.norm();
        if (s >= margin) continue;
        fixed[q] = 1;
        m.x[i] += (margin - s) * o;
        project_onto_surface(b, m.x[i], rigid_body_distance(b, m.x[i]), h, 1e-6 * e.norm());
        moved = true;
      }
      if (!moved) break;
    }
  }
}

}  // namespace

int64_t update_contact_particles(LiquidMembrane& m, const std::vector<RigidBody>& bodies, double reach) {
  if (bodies.empty()) return 0;
  const double h = 0.25 * reach;
  const std::vector<int> was = m.body;
  std::vector<std::pair<size_t, Vec3>> outside;  // captured from outside: index, unprojected position
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
    // All of the contact sheet lies on the surface: a particle joining it lands beside the
    // sheet, not over or under it.
    if (nearest_d >= 0.0) outside.emplace_back(i, m.x[i]);
    project_onto_surface(b, m.x[i], nearest_d, h, 1e-3 * reach);
    m.body[i] = nearest;
  }
  // Rule 3: a contact particle none of whose neighbours touches a body is free.
  std::vector<uint8_t> neighbour_touches(m.size(), 0);
  for (const Eigen::Vector3i& t : m.triangles)
    for (int c = 0; c < 3; ++c)
      if (m.body[static_cast<size_t>(t[(c + 1) % 3])] >= 0 || m.body[static_cast<size_t>(t[(c + 2) % 3])] >= 0)
        neighbour_touches[static_cast<size_t>(t[c])] = 1;
  for (const auto& [i, x] : outside)
    if (!neighbour_touches[i]) m.x[i] = x;  // free again where it was
  int64_t contacts = 0;
  for (size_t i = 0; i < m.size(); ++i) {
    if (m.body[i] >= 0 && !neighbour_touches[i]) m.body[i] = -1;
    if (m.body[i] >= 0) ++contacts;
  }
  keep_captured_beside_the_sheet(m, bodies, was, h);
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
