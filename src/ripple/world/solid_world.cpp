#include "ripple/world/solid_world.hpp"

#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <sstream>

#include "ripple/contact/broad_phase.hpp"
#include "ripple/contact/intersection_check.hpp"
#include "ripple/contact/pair_distance.hpp"
#include "ripple/core/errors.hpp"
#include "ripple/solid/mesh_generators.hpp"
#include "ripple/world/rod_tube.hpp"

namespace ripple {
namespace {

/// Visits every broad-phase candidate pair at rest positions x (inflated by `inflation`, m)
/// with its gap (distance minus each side's largest thickness, m):
/// visit(first, second, gap, edge_edge), where a vertex-triangle pair gives {v, -1} and
/// {a vertex of the triangle, -1}, an edge-edge pair both edges' vertices.
template <class Visit>
void for_each_candidate_gap(const SolidModel& m, const VectorX& x, double inflation, Visit&& visit) {
  const Candidates c = find_candidates(m.collision, x, x, inflation);
  auto thickest = [&](std::initializer_list<int> verts) {
    double t = 0.0;
    for (int v : verts) t = std::max(t, m.collision.thickness[v]);
    return t;
  };
  for (const auto& [v, f] : c.vertex_face) {
    const auto& t = m.collision.faces[f];
    const double d = std::sqrt(point_triangle_distance_sq(x.segment<3>(3 * v), x.segment<3>(3 * t[0]),
                                                          x.segment<3>(3 * t[1]), x.segment<3>(3 * t[2])));
    visit(std::array<int, 2>{v, -1}, std::array<int, 2>{t[0], -1}, d - thickest({v}) - thickest({t[0], t[1], t[2]}),
          false);
  }
  for (const auto& [a, b] : c.edge_edge) {
    const auto &ea = m.collision.edges[a], &eb = m.collision.edges[b];
    const double d = std::sqrt(edge_edge_distance_sq(x.segment<3>(3 * ea[0]), x.segment<3>(3 * ea[1]),
                                                     x.segment<3>(3 * eb[0]), x.segment<3>(3 * eb[1])));
    visit(std::array<int, 2>{ea[0], ea[1]}, std::array<int, 2>{eb[0], eb[1]},
          d - thickest({ea[0], ea[1]}) - thickest({eb[0], eb[1]}), true);
  }
}

/// Refuses a start in contact: the barrier is infinite there and CCD cannot recover.
/// `x`: every vertex where it starts (#V*3, m).
void check_initial_separation(const SolidModel& m, const VectorX& x, const std::string& origin) {
  auto body_name = [&](int v) { return m.bodies[m.collision.body[v]].name; };
  auto local = [&](int v) { return std::to_string(v - m.bodies[m.collision.body[v]].first_vertex); };
  for_each_candidate_gap(m, x, 0.0, [&](const std::array<int, 2>& p, const std::array<int, 2>& q, double gap,
                                        bool edge_edge) {
    if (gap > 0.0) return;
    const std::string what = edge_edge ? "edge (" + local(p[0]) + ", " + local(p[1]) + ") and edge (" + local(q[0]) +
                                             ", " + local(q[1]) + ")"
                                       : "vertex " + local(p[0]) + " and the triangle with vertex " + local(q[0]);
    throw InputError(origin + ": /solids", "solids start in contact (the barrier needs a positive gap): " + what +
                                               " of \"" + body_name(p[0]) + "\" and \"" + body_name(q[0]) + "\"");
  });
  if (const int n = count_intersecting_pairs(m.collision, x); n > 0)
    throw InputError(origin + ": /solids", "solids start intersecting (" + std::to_string(n) + " edge-triangle crossings)");
}

}  // namespace

std::vector<std::string> rest_contact_warnings(const SolidModel& m, const VectorX& start, double dhat) {
  const size_t bodies = m.bodies.size();
  std::vector<int> pairs(bodies, 0);
  std::vector<double> smallest(bodies, std::numeric_limits<double>::infinity());
  for_each_candidate_gap(m, m.rest_positions, dhat,
                         [&](const std::array<int, 2>& p, const std::array<int, 2>& q, double gap, bool) {
                           const int body = m.collision.body[p[0]];
                           if (body != m.collision.body[q[0]] || gap >= dhat) return;  // a body's own pairs only
                           ++pairs[body];
                           smallest[body] = std::min(smallest[body], gap);
                         });
  // Two solids that start touching to round-off (a ball whose top lies on the ceiling): the
  // start check lets any positive gap through, but the barrier at such a gap is enormous, and
  // friction scaled by it holds the bodies together for the first steps.
  const double touching = 1e-3 * dhat;
  std::map<std::pair<int, int>, double> touching_pairs;
  for_each_candidate_gap(m, start, touching,
                         [&](const std::array<int, 2>& p, const std::array<int, 2>& q, double gap, bool) {
                           const int a = m.collision.body[p[0]], b = m.collision.body[q[0]];
                           if (a == b || gap >= touching) return;
                           const std::pair<int, int> key{std::min(a, b), std::max(a, b)};
                           const auto it = touching_pairs.find(key);
                           if (it == touching_pairs.end() || gap < it->second) touching_pairs[key] = gap;
                         });
  std::vector<std::string> out;
  for (const auto& [pair, gap] : touching_pairs) {
    std::ostringstream os;
    os << "solids \"" << m.bodies[pair.first].name << "\" and \"" << m.bodies[pair.second].name
       << "\" start touching (gap " << gap << " m, under a thousandth of contact.dhat " << dhat
       << " m): contact and friction at such a gap hold them together for the first steps; start them at "
          "least contact.dhat apart";
    out.push_back(os.str());
  }
  for (size_t b = 0; b < bodies; ++b) {
    if (pairs[b] == 0) continue;
    std::ostringstream os;
    os << "solid \"" << m.bodies[b].name << "\": " << pairs[b] << " pairs of its own primitives start within "
       << "contact.dhat (" << dhat << " m) of each other (smallest gap " << smallest[b]
       << " m): the contact barrier pushes them apart from the first step, which stiffens the solid and slows "
          "every Newton iteration; set contact.dhat below "
       << smallest[b] << " m unless the solid is meant to start in contact";
    out.push_back(os.str());
  }
  return out;
}

std::unique_ptr<SolidWorld> build_solid_world(const Scene& s) {
  if (s.lagrangian_solids.empty()) return nullptr;
  auto w = std::make_unique<SolidWorld>();
  SolidModelBuilder b;
  for (const LagrangianSolidDesc& d : s.lagrangian_solids) {
    w->scene_bodies.push_back(static_cast<int>(b.build().bodies.size()));
    switch (d.kind) {
      case SolidKind::shell: b.add_shell(d.name, d.vertices, d.triangles, d.shell, d.motion); break;
      case SolidKind::rod: b.add_rod(d.name, d.vertices, d.edges, d.rod, d.motion); break;
      case SolidKind::volume: b.add_volume(d.name, d.vertices, d.tets, d.volume, d.motion); break;
      case SolidKind::rigid: b.add_rigid(d.name, d.vertices, d.triangles, d.rigid, d.motion); break;
    }
  }
  // Liquid obstacles collide with the solids as fixed or kinematic rigid bodies, mesh sequences
  // as collider surfaces whose vertices follow their frames.
  for (const ObstacleDesc& o : s.obstacles) {
    if (o.sequence) {
      b.add_collider(o.name, o.sequence, s.obstacle_friction);
      continue;
    }
    SurfaceGeometry g;
    switch (o.shape.kind) {
      case ShapeDesc::Kind::Box: g = box_surface(o.shape.min, o.shape.max); break;
      case ShapeDesc::Kind::Sphere: g = sphere_surface(o.shape.center, o.shape.radius, 4); break;
      case ShapeDesc::Kind::Mesh: g.vertices = o.shape.mesh->vertices; g.triangles = triangle_arrays(o.shape.mesh->triangles); break;
    }
    BodyMotion motion;
    motion.fixed = !o.kinematic();
    motion.kinematic = o.kinematic();
    motion.path = std::make_shared<const MotionPath>(o.path);
    motion.velocity = o.path.velocity(0.0);
    motion.angular_velocity = o.path.angular_velocity(0.0);
    motion.friction = s.obstacle_friction;
    b.add_rigid(o.name, g.vertices, g.triangles, RigidMaterial{}, motion);
  }
  // Closed domain walls: a fixed box whose triangles face inwards.
  bool any_wall = false;
  for (int k = 0; k < 6; ++k) any_wall = any_wall || s.boundary[k] == BoundaryType::Wall;
  if (any_wall) {
    SurfaceGeometry walls = box_surface(s.grid.origin, s.grid.upper());
    for (auto& t : walls.triangles) std::swap(t[1], t[2]);
    BodyMotion fixed;
    fixed.fixed = true;
    fixed.friction = s.obstacle_friction;
    b.add_rigid("domain_walls", walls.vertices, walls.triangles, RigidMaterial{}, fixed);
  }
  for (const Scene::FrictionPair& p : s.friction_pairs) b.set_pair_friction(p.a, p.b, p.friction);
  w->model = b.build();
  w->state = initial_solid_state(w->model);  // keyframed obstacles at their first key
  check_initial_separation(w->model, w->model.positions(w->state.z), s.source_path);
  // Volumes that start squeezed or stretched (initial_scale): positions scaled about the
  // centroid, the rest shape unchanged.
  for (size_t i = 0; i < s.lagrangian_solids.size(); ++i) {
    const LagrangianSolidDesc& d = s.lagrangian_solids[i];
    if (d.kind != SolidKind::volume || d.initial_scale == 1.0) continue;
    const SolidBodyInfo& b = w->model.bodies[w->scene_bodies[i]];
    Vec3 c = Vec3::Zero();
    for (int v = b.first_vertex; v < b.first_vertex + b.num_vertices; ++v) c += w->state.z.segment<3>(w->model.vertex_dof[v]);
    c /= b.num_vertices;
    for (int v = b.first_vertex; v < b.first_vertex + b.num_vertices; ++v) {
      auto x = w->state.z.segment<3>(w->model.vertex_dof[v]);
      x = c + d.initial_scale * (x - c);
    }
  }
  w->state.velocity = b.initial_velocity();
  w->settings.gravity = s.gravity;
  w->settings.dhat = s.contact_dhat;
  w->settings.friction_velocity = s.friction_velocity;
  w->settings.friction_updates = s.friction_updates;
  w->settings.newton = s.newton;
  w->settings.bending_hessian = s.bending_hessian;
  return w;
}

TriangleMesh body_surface(const SolidModel& m, int body, const VectorX& x, const Scene& scene) {
  const SolidBodyInfo& b = m.bodies[body];
  const int v0 = b.first_vertex, v1 = v0 + b.num_vertices;
  if (b.kind == SolidKind::rod) {
    std::vector<Vec3> p;
    for (int v = v0; v < v1; ++v) p.push_back(x.segment<3>(3 * v));
    std::vector<std::array<int, 2>> edges;
    for (const auto& e : m.rod_edges)
      if (e[0] >= v0 && e[0] < v1) edges.push_back({e[0] - v0, e[1] - v0});
    return rod_tube_mesh(p, edges, m.collision.thickness[v0]);
  }
  // Only the vertices the surface uses: a volume's interior vertices would be unreferenced
  // points in the output file.
  TriangleMesh out;
  std::vector<int> local(b.num_vertices, -1);
  auto index = [&](int v) {
    int& i = local[v - v0];
    if (i < 0) {
      i = static_cast<int>(out.vertices.size());
      out.vertices.push_back(x.segment<3>(3 * v));
    }
    return i;
  };
  for (const auto& f : m.collision.faces)
    if (f[0] >= v0 && f[0] < v1) out.triangles.push_back({index(f[0]), index(f[1]), index(f[2])});
  return out;
}

}  // namespace ripple
