#include "ripple/coupling/slip/slip_surface.hpp"

namespace ripple {

Vec3 model_vertex_velocity(const SolidModel& model, const VectorX& zdot, int v) {
  const int d = model.vertex_dof[v];
  if (!model.vertex_rigid[v]) return zdot.segment<3>(d);
  const Vec3& l = model.vertex_local[v];
  return zdot.segment<3>(d) + l.x() * zdot.segment<3>(d + 3) + l.y() * zdot.segment<3>(d + 6) +
         l.z() * zdot.segment<3>(d + 9);
}

SlipSurface collect_slip_surface(const World& world, double t) {
  SlipSurface s;
  if (world.lagrangian) {
    const SolidModel& m = world.lagrangian->model;
    const SolidState& st = world.lagrangian->state;
    const VectorX x = m.positions(st.z);
    // Bodies the scene lists as Lagrangian solids (obstacles and walls come after them).
    const int simulated = static_cast<int>(world.scene.lagrangian_solids.size());
    std::vector<int> slot(m.num_vertices, -1);
    for (size_t f = 0; f < m.collision.faces.size(); ++f) {
      const auto& tri = m.collision.faces[f];
      const int body = m.vertex_body[tri[0]];
      if (body >= simulated) continue;
      std::array<int, 3> out{};
      for (int k = 0; k < 3; ++k) {
        const int v = tri[k];
        if (slot[v] < 0) {
          slot[v] = static_cast<int>(s.x.size());
          s.x.push_back(x.segment<3>(3 * v));
          s.v.push_back(model_vertex_velocity(m, st.velocity, v));
          s.model_vertex.push_back(v);
        }
        out[k] = slot[v];
      }
      s.triangles.push_back(out);
      s.triangle_body.push_back(body);
    }
    for (int b = 0; b < simulated; ++b) s.bodies.push_back(m.bodies[b].name);
  }
  for (size_t i = 0; i < world.obstacles.size(); ++i) {
    const TriangleMesh mesh = world.obstacles.surface(i, t);
    const int first = static_cast<int>(s.x.size());
    const int body = static_cast<int>(s.bodies.size());
    s.bodies.push_back(world.obstacles.name(i));
    for (const Vec3& p : mesh.vertices) {
      s.x.push_back(p);
      s.v.push_back(world.obstacles.velocity(p, t));
      s.model_vertex.push_back(-1);
    }
    for (const Eigen::Vector3i& tri : mesh.triangles) {
      s.triangles.push_back({first + tri[0], first + tri[1], first + tri[2]});
      s.triangle_body.push_back(body);
    }
  }
  return s;
}

}  // namespace ripple
