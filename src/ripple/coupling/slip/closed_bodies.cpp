#include "ripple/coupling/slip/closed_bodies.hpp"

#include "ripple/contact/mesh_signed_distance.hpp"

namespace ripple {

void update_boundary_with_closed_bodies(World& w, double t) {
  const Scene& s = w.scene;
  const GridGeometry& g = w.liquid.grid;
  SolidBoundary& sb = w.solids;
  sample_obstacle_phi(sb, g, w.obstacles, t);
  if (w.lagrangian) {
    const SolidModel& m = w.lagrangian->model;
    const int simulated = static_cast<int>(s.lagrangian_solids.size());
    std::vector<std::array<int, 3>> closed;
    for (const auto& tri : m.collision.faces) {
      const int body = m.vertex_body[tri[0]];
      if (body < simulated && (m.bodies[body].kind == SolidKind::volume || m.bodies[body].kind == SolidKind::rigid))
        closed.push_back(tri);
    }
    if (!closed.empty()) {
      const VectorX x = m.positions(w.lagrangian->state.z);
      std::vector<Vec3> vertices(m.num_vertices);
      for (int v = 0; v < m.num_vertices; ++v) vertices[v] = x.segment<3>(3 * v);
      min_with_mesh_signed_distance(vertices, closed, Lattice{g.origin, g.dx}, 3.0 * g.dx, sb.node_phi);
      sb.has_obstacles = true;
    }
  }
  update_face_fractions(sb, g, wall_sides(s), w.obstacles, t);
}

}  // namespace ripple
