#include "ripple/coupling/monolith/step_contacts.hpp"

#include <algorithm>
#include <cmath>

#include "ripple/coupling/monolith/surface_contacts.hpp"

namespace ripple {

namespace {

/// The closed sides of the domain as contact planes (normals into the domain).
std::vector<ContactPlane> wall_planes(const Scene& s, double friction) {
  std::vector<ContactPlane> out;
  const Vec3 lo = s.grid.origin, hi = s.grid.upper();
  const WallSides walls = wall_sides(s);
  for (int a = 0; a < 3; ++a) {
    Vec3 n = Vec3::Zero();
    n[a] = 1.0;
    if (walls[static_cast<size_t>(2 * a)]) out.push_back({lo, n, friction});
    if (walls[static_cast<size_t>(2 * a + 1)]) out.push_back({hi, -n, friction});
  }
  return out;
}

}  // namespace

std::vector<SolidContact> gather_step_contacts(const World& w, const std::vector<RigidBody>& bodies,
                                               const std::vector<int>& model_body, const ElasticVolumes* volumes,
                                               const std::vector<Vec3>& x_start, double dt, double t1) {
  const Scene& s = w.scene;
  double speed = 0.0;
  for (const RigidBody& b : bodies)
    speed = std::max(speed, b.velocity.norm() + b.angular_velocity.norm() * bounding_radius(b));
  if (volumes && volumes->size() > 0)
    speed = std::max(speed, volumes->predicted_velocity().cwiseAbs().maxCoeff() * std::sqrt(3.0));
  const double margin = 2.0 * speed * dt + 0.1 * s.grid.dx;
  ContactField field;
  if (!w.obstacles.empty())
    field = ContactField{[&](const Vec3& x) { return w.obstacles.signed_distance(x, t1); }, s.obstacle_friction,
                         [&](const Vec3& x) { return w.obstacles.velocity(x, t1); }};
  const std::vector<ContactPlane> planes = wall_planes(s, s.obstacle_friction);
  std::vector<SolidContact> contacts = find_rigid_contacts(bodies, planes, field, margin);
  if (!volumes) return contacts;
  // The volumes' free surface vertices against the walls, the obstacles and the rigid bodies.
  const SolidModel& model = w.lagrangian->model;
  std::vector<Vec3> x;
  std::vector<int> unknowns;
  std::vector<double> friction;
  for (int v : volumes->surface_vertices()) {
    if (volumes->unknown_of(v) < 0) continue;
    x.push_back(x_start[static_cast<size_t>(v)]);
    unknowns.push_back(volumes->unknown_of(v));
    friction.push_back(model.bodies[static_cast<size_t>(model.vertex_body[static_cast<size_t>(v)])].friction);
  }
  const std::vector<SolidContact> more = find_elastic_contacts(x, unknowns, friction, bodies, planes, field, margin);
  contacts.insert(contacts.end(), more.begin(), more.end());
  // Rigid bodies' vertices and other volumes' surface vertices against the volumes' surfaces.
  std::vector<int> rigid_of_body(model.bodies.size(), -1);
  for (size_t k = 0; k < model_body.size(); ++k) rigid_of_body[static_cast<size_t>(model_body[k])] = static_cast<int>(k);
  const std::vector<SolidContact> surface =
      find_surface_contacts(model, model.positions(w.lagrangian->state.z), *volumes, rigid_of_body, margin);
  contacts.insert(contacts.end(), surface.begin(), surface.end());
  return contacts;
}

}  // namespace ripple
