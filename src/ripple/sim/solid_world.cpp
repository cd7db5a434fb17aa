#include "ripple/sim/solid_world.hpp"

#include <cmath>
#include <limits>
#include <numbers>
#include <sstream>

#include "ripple/contact/broad_phase.hpp"
#include "ripple/contact/intersection_check.hpp"
#include "ripple/contact/pair_distance.hpp"
#include "ripple/core/errors.hpp"
#include "ripple/solid/mesh_generators.hpp"

namespace ripple {
namespace {

std::vector<std::array<int, 3>> triangles_of(const TriangleMesh& m) {
  std::vector<std::array<int, 3>> t;
  for (const auto& f : m.triangles) t.push_back({f.x(), f.y(), f.z()});
  return t;
}

/// Refuses a start in contact: the barrier is infinite there and CCD cannot recover.
void check_initial_separation(const SolidModel& m, const std::string& origin) {
  const VectorX x = m.rest_positions;
  const Candidates c = find_candidates(m.collision, x, x, 0.0);
  auto body_name = [&](int v) { return m.bodies[m.collision.body[v]].name; };
  auto local = [&](int v) { return v - m.bodies[m.collision.body[v]].first_vertex; };
  auto report = [&](int a, int b, const std::string& what) {
    throw InputError(origin + ": /solids", "solids start in contact (the barrier needs a positive gap): " + what +
                                               " of \"" + body_name(a) + "\" and \"" + body_name(b) + "\"");
  };
  auto gap = [&](double d2, std::initializer_list<int> verts, int split) {
    double ta = 0, tb = 0;
    int k = 0;
    for (int v : verts) (k++ < split ? ta : tb) = std::max(k <= split ? ta : tb, m.collision.thickness[v]);
    return std::sqrt(d2) - ta - tb;
  };
  for (const auto& [v, f] : c.vertex_face) {
    const auto& t = m.collision.faces[f];
    const double d2 = point_triangle_distance_sq(x.segment<3>(3 * v), x.segment<3>(3 * t[0]), x.segment<3>(3 * t[1]), x.segment<3>(3 * t[2]));
    if (gap(d2, {v, t[0], t[1], t[2]}, 1) <= 0.0)
      report(v, t[0], "vertex " + std::to_string(local(v)) + " and the triangle with vertex " + std::to_string(local(t[0])));
  }
  for (const auto& [a, b] : c.edge_edge) {
    const auto &ea = m.collision.edges[a], &eb = m.collision.edges[b];
    const double d2 = edge_edge_distance_sq(x.segment<3>(3 * ea[0]), x.segment<3>(3 * ea[1]), x.segment<3>(3 * eb[0]), x.segment<3>(3 * eb[1]));
    if (gap(d2, {ea[0], ea[1], eb[0], eb[1]}, 2) <= 0.0)
      report(ea[0], eb[0], "edge (" + std::to_string(local(ea[0])) + ", " + std::to_string(local(ea[1])) + ") and edge (" +
                               std::to_string(local(eb[0])) + ", " + std::to_string(local(eb[1])) + ")");
  }
  if (const int n = count_intersecting_pairs(m.collision, x); n > 0)
    throw InputError(origin + ": /solids", "solids start intersecting (" + std::to_string(n) + " edge-triangle crossings)");
}

}  // namespace

std::vector<std::string> rest_contact_warnings(const SolidModel& m, double dhat) {
  const VectorX& x = m.rest_positions;
  const Candidates c = find_candidates(m.collision, x, x, dhat);
  const size_t bodies = m.bodies.size();
  std::vector<int> pairs(bodies, 0);
  std::vector<double> smallest(bodies, std::numeric_limits<double>::infinity());
  auto note = [&](int a, int b, double gap) {
    const int ba = m.collision.body[a];
    if (ba != m.collision.body[b] || gap >= dhat) return;  // only a body's own primitives
    ++pairs[ba];
    smallest[ba] = std::min(smallest[ba], gap);
  };
  for (const auto& [v, f] : c.vertex_face) {
    const auto& t = m.collision.faces[f];
    const double d = std::sqrt(point_triangle_distance_sq(x.segment<3>(3 * v), x.segment<3>(3 * t[0]),
                                                          x.segment<3>(3 * t[1]), x.segment<3>(3 * t[2])));
    note(v, t[0], d - m.collision.thickness[v] - m.collision.thickness[t[0]]);
  }
  for (const auto& [a, b] : c.edge_edge) {
    const auto &ea = m.collision.edges[a], &eb = m.collision.edges[b];
    const double d = std::sqrt(edge_edge_distance_sq(x.segment<3>(3 * ea[0]), x.segment<3>(3 * ea[1]),
                                                     x.segment<3>(3 * eb[0]), x.segment<3>(3 * eb[1])));
    note(ea[0], eb[0], d - m.collision.thickness[ea[0]] - m.collision.thickness[eb[0]]);
  }
  std::vector<std::string> out;
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
  // Liquid obstacles collide with the solids as fixed or kinematic rigid bodies.
  for (const ObstacleDesc& o : s.obstacles) {
    SurfaceGeometry g;
    switch (o.shape.kind) {
      case ShapeDesc::Kind::Box: g = box_surface(o.shape.min, o.shape.max); break;
      case ShapeDesc::Kind::Sphere: g = sphere_surface(o.shape.center, o.shape.radius, 4); break;
      case ShapeDesc::Kind::Mesh: g.vertices = o.shape.mesh->vertices; g.triangles = triangles_of(*o.shape.mesh); break;
    }
    BodyMotion motion;
    motion.fixed = !o.kinematic();
    motion.kinematic = o.kinematic();
    motion.velocity = o.velocity;
    motion.angular_velocity = o.angular_velocity;
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
  check_initial_separation(w->model, s.source_path);
  w->state = initial_solid_state(w->model);
  w->state.velocity = b.initial_velocity();
  w->settings.gravity = s.gravity;
  w->settings.dhat = s.contact_dhat;
  w->settings.friction_velocity = s.friction_velocity;
  w->settings.newton = s.newton;
  w->settings.bending_hessian = s.bending_hessian;
  return w;
}

TriangleMesh body_surface(const SolidModel& m, int body, const VectorX& x, const Scene& scene) {
  const SolidBodyInfo& b = m.bodies[body];
  TriangleMesh out;
  const int v0 = b.first_vertex, v1 = v0 + b.num_vertices;
  if (b.kind == SolidKind::rod) {
    // A triangular tube of the rod's radius around every edge.
    const double r = m.collision.thickness[v0];
    for (const auto& e : m.rod_edges) {
      if (e[0] < v0 || e[0] >= v1) continue;
      const Vec3 p = x.segment<3>(3 * e[0]), q = x.segment<3>(3 * e[1]);
      const Vec3 t = (q - p).normalized();
      const Vec3 u = (std::abs(t.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY()).cross(t).normalized();
      const Vec3 w = t.cross(u);
      const int base = static_cast<int>(out.vertices.size());
      for (int k = 0; k < 3; ++k) {
        const double a = 2.0 * std::numbers::pi * k / 3.0;
        const Vec3 o = r * (std::cos(a) * u + std::sin(a) * w);
        out.vertices.push_back(p + o);
        out.vertices.push_back(q + o);
      }
      for (int k = 0; k < 3; ++k) {
        const int a0 = base + 2 * k, a1 = a0 + 1, b0 = base + 2 * ((k + 1) % 3), b1 = b0 + 1;
        out.triangles.push_back({a0, b0, b1});
        out.triangles.push_back({a0, b1, a1});
      }
    }
    return out;
  }
  for (int v = v0; v < v1; ++v) out.vertices.push_back(x.segment<3>(3 * v));
  for (const auto& f : m.collision.faces)
    if (f[0] >= v0 && f[0] < v1) out.triangles.push_back({f[0] - v0, f[1] - v0, f[2] - v0});
  return out;
}

}  // namespace ripple
