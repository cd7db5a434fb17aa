#include "ripple/coupling/monolith/surface_contacts.hpp"

#include <cmath>
#include <map>

#include "ripple/contact/broad_phase.hpp"
#include "ripple/contact/point_triangle_distance.hpp"

namespace ripple {

std::vector<SolidContact> find_surface_contacts(const SolidModel& m, const VectorX& x, const ElasticVolumes& volumes,
                                                const std::vector<int>& rigid_of_body, double margin) {
  std::vector<SolidContact> out;
  if (volumes.surface().empty()) return out;
  const CollisionMesh& mesh = m.collision;
  const Candidates candidates = find_candidates(mesh, x, x, margin);
  std::map<int, SolidContact> nearest;  // per vertex, its nearest elastic triangle
  for (const auto& [v, f] : candidates.vertex_face) {
    const auto& tri = mesh.faces[static_cast<size_t>(f)];
    const int face_body = mesh.body[static_cast<size_t>(tri[0])], vertex_body = mesh.body[static_cast<size_t>(v)];
    if (face_body == vertex_body || m.bodies[static_cast<size_t>(face_body)].kind != SolidKind::volume) continue;
    const int rigid = rigid_of_body[static_cast<size_t>(vertex_body)];
    const int unknown = volumes.unknown_of(v);
    if (rigid < 0 && unknown < 0) continue;  // a pinned vertex, or a solid the monolith does not move
    const Vec3 p = vertex_of(x, v), a = vertex_of(x, tri[0]), b = vertex_of(x, tri[1]), c = vertex_of(x, tri[2]);
    const Vec3 closest = closest_point_on_triangle(p, a, b, c);
    const Vec3 outward = (b - a).cross(c - a).normalized();
    const Vec3 d = p - closest;
    const double side = d.dot(outward) >= 0.0 ? 1.0 : -1.0;
    const double gap = side * d.norm();
    if (gap >= margin || gap <= -margin) continue;  // farther, or deep inside (another face is nearer)
    auto it = nearest.find(v);
    if (it != nearest.end() && std::abs(it->second.gap) <= std::abs(gap)) continue;
    SolidContact k;
    k.body = rigid;
    k.other = -1;
    k.point = p;
    k.normal = d.norm() > 1e-12 ? Vec3(side * d / d.norm()) : outward;
    k.gap = gap;
    k.friction = m.friction_between(vertex_body, face_body);
    k.unknown = rigid >= 0 ? -1 : unknown;
    const Vec3 beta = barycentric_coordinates(closest, a, b, c);
    for (int i = 0; i < 3; ++i) {
      k.other_unknowns[static_cast<size_t>(i)] = volumes.unknown_of(tri[static_cast<size_t>(i)]);
      k.other_weights[i] = beta[i];
    }
    nearest[v] = k;
  }
  for (auto& [v, k] : nearest) out.push_back(k);
  return out;
}

}  // namespace ripple
