#include "ripple/coupling/monolith/surface_contacts.hpp"

#include <cmath>
#include <map>

#include "ripple/contact/broad_phase.hpp"
#include "ripple/contact/point_triangle_distance.hpp"

namespace ripple {

namespace {

/// Barycentric coordinates of p (in the triangle's plane) in triangle (a, b, c).
Vec3 barycentric(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
  const Vec3 e0 = b - a, e1 = c - a, d = p - a;
  const double d00 = e0.dot(e0), d01 = e0.dot(e1), d11 = e1.dot(e1), d20 = d.dot(e0), d21 = d.dot(e1);
  const double det = d00 * d11 - d01 * d01;
  if (!(std::abs(det) > 0.0)) return Vec3(1.0, 0.0, 0.0);
  const double v = (d11 * d20 - d01 * d21) / det, w = (d00 * d21 - d01 * d20) / det;
  return Vec3(1.0 - v - w, v, w);
}

/// The contact of point p with triangle tri (model vertex indices, positions x) when within
/// margin (and not deep inside, where another face is nearer); false otherwise.
bool triangle_contact(const Vec3& p, const std::array<int, 3>& tri, const VectorX& x, const ElasticVolumes& volumes,
                      double margin, SolidContact& k) {
  const Vec3 a = vertex_of(x, tri[0]), b = vertex_of(x, tri[1]), c = vertex_of(x, tri[2]);
  const Vec3 closest = closest_point_on_triangle(p, a, b, c);
  const Vec3 outward = (b - a).cross(c - a).normalized();
  const Vec3 d = p - closest;
  const double side = d.dot(outward) >= 0.0 ? 1.0 : -1.0;
  const double gap = side * d.norm();
  if (gap >= margin || gap <= -margin) return false;
  k.point = p;
  k.normal = d.norm() > 1e-12 ? Vec3(side * d / d.norm()) : outward;
  k.gap = gap;
  const Vec3 beta = barycentric(closest, a, b, c);
  for (int i = 0; i < 3; ++i) {
    k.other_unknowns[static_cast<size_t>(i)] = volumes.unknown_of(tri[static_cast<size_t>(i)]);
    k.other_weights[i] = beta[i];
  }
  return true;
}

}  // namespace

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
    SolidContact k;
    if (!triangle_contact(vertex_of(x, v), tri, x, volumes, margin, k)) continue;
    auto it = nearest.find(v);
    if (it != nearest.end() && std::abs(it->second.gap) <= std::abs(k.gap)) continue;
    k.body = rigid;
    k.other = -1;
    k.friction = m.friction_between(vertex_body, face_body);
    k.unknown = rigid >= 0 ? -1 : unknown;
    nearest[v] = k;
  }
  for (auto& [v, k] : nearest) out.push_back(k);
  return out;
}

std::vector<SolidContact> find_obstacle_vertex_contacts(const ObstacleField& obstacles, double friction, double t,
                                                        const SolidModel& m, const VectorX& x,
                                                        const ElasticVolumes& volumes, double margin) {
  std::vector<SolidContact> out;
  if (obstacles.empty() || volumes.surface().empty() || obstacles.any_kinematic()) return out;
  // One collision mesh of the volumes' surface triangles (body 0) and the obstacles' (body 1),
  // for the broad phase's vertex-face pairs between them.
  CollisionMesh mesh;
  std::vector<int> model_vertex;  // per mesh vertex: its model vertex (-1: an obstacle's)
  std::vector<int> local(static_cast<size_t>(m.num_vertices), -1);
  std::vector<Vec3> points;
  for (const auto& t3 : volumes.surface()) {
    std::array<int, 3> f{};
    for (int i = 0; i < 3; ++i) {
      int& l = local[static_cast<size_t>(t3[static_cast<size_t>(i)])];
      if (l < 0) {
        l = static_cast<int>(points.size());
        points.push_back(vertex_of(x, t3[static_cast<size_t>(i)]));
        model_vertex.push_back(t3[static_cast<size_t>(i)]);
      }
      f[static_cast<size_t>(i)] = l;
    }
    mesh.faces.push_back(f);
  }
  const int elastic_faces = static_cast<int>(mesh.faces.size());
  for (size_t o = 0; o < obstacles.size(); ++o) {
    const TriangleMesh surface = obstacles.surface(o, t);
    const int base = static_cast<int>(points.size());
    for (const Vec3& p : surface.vertices) {
      points.push_back(p);
      model_vertex.push_back(-1);
    }
    for (const auto& tri : surface.triangles) mesh.faces.push_back({base + tri[0], base + tri[1], base + tri[2]});
  }
  mesh.num_vertices = static_cast<int>(points.size());
  mesh.body.resize(points.size());
  mesh.fixed.resize(points.size());
  for (size_t i = 0; i < points.size(); ++i) {
    mesh.body[i] = model_vertex[i] >= 0 ? 0 : 1;
    mesh.fixed[i] = model_vertex[i] >= 0 ? 0 : 1;
  }
  mesh.thickness.assign(points.size(), 0.0);
  mesh.self_contact = {0, 0};
  VectorX y(3 * static_cast<int64_t>(points.size()));
  for (size_t i = 0; i < points.size(); ++i) y.segment<3>(3 * static_cast<int64_t>(i)) = points[i];
  const Candidates candidates = find_candidates(mesh, y, y, margin);
  std::map<int, SolidContact> nearest;  // per obstacle vertex, its nearest elastic triangle
  for (const auto& [v, f] : candidates.vertex_face) {
    if (model_vertex[static_cast<size_t>(v)] >= 0 || f >= elastic_faces) continue;
    std::array<int, 3> tri{};
    for (int i = 0; i < 3; ++i)
      tri[static_cast<size_t>(i)] = model_vertex[static_cast<size_t>(mesh.faces[static_cast<size_t>(f)][static_cast<size_t>(i)])];
    SolidContact k;
    if (!triangle_contact(points[static_cast<size_t>(v)], tri, x, volumes, margin, k)) continue;
    auto it = nearest.find(v);
    if (it != nearest.end() && std::abs(it->second.gap) <= std::abs(k.gap)) continue;
    k.body = -1;  // the obstacle's point: at rest
    k.other = -1;
    k.unknown = -1;
    k.friction = std::sqrt(friction * m.bodies[static_cast<size_t>(m.vertex_body[static_cast<size_t>(tri[0])])].friction);
    nearest[v] = k;
  }
  for (auto& [v, k] : nearest) out.push_back(k);
  return out;
}

}  // namespace ripple
