#include "ripple/coupling/slip/closed_bodies.hpp"

#include "ripple/contact/mesh_signed_distance.hpp"

namespace ripple {

namespace {

/// The surface triangles of the simulated volumes and rigid bodies (empty when none).
std::vector<std::array<int, 3>> closed_triangles(const World& w) {
  std::vector<std::array<int, 3>> closed;
  if (!w.lagrangian) return closed;
  const SolidModel& m = w.lagrangian->model;
  const int simulated = static_cast<int>(w.scene.lagrangian_solids.size());
  for (const auto& tri : m.collision.faces) {
    const int body = m.vertex_body[tri[0]];
    if (body < simulated && (m.bodies[body].kind == SolidKind::volume || m.bodies[body].kind == SolidKind::rigid))
      closed.push_back(tri);
  }
  return closed;
}

std::vector<Vec3> vertex_positions(const World& w) {
  const SolidModel& m = w.lagrangian->model;
  const VectorX x = m.positions(w.lagrangian->state.z);
  std::vector<Vec3> vertices(m.num_vertices);
  for (int v = 0; v < m.num_vertices; ++v) vertices[v] = x.segment<3>(3 * v);
  return vertices;
}

}  // namespace

void update_boundary_with_closed_bodies(World& w, double t) {
  const GridGeometry& g = w.liquid.grid;
  SolidBoundary& sb = w.solids;
  sample_obstacle_phi(sb, g, w.obstacles, t);
  const std::vector<std::array<int, 3>> closed = closed_triangles(w);
  if (!closed.empty()) {
    min_with_mesh_signed_distance(vertex_positions(w), closed, Lattice{g.origin, g.dx}, 3.0 * g.dx, sb.node_phi);
    sb.has_obstacles = true;
  }
  update_face_fractions(sb, g, wall_sides(w.scene), w.obstacles, t);
}

void mark_cells_inside_closed_bodies(const World& w, Array3<uint8_t>& cells) {
  const std::vector<std::array<int, 3>> closed = closed_triangles(w);
  if (closed.empty()) return;
  const GridGeometry& g = w.liquid.grid;
  ScalarGrid centre_phi(g.n, 1.0);  // only the sign is read: any positive value is outside
  min_with_mesh_signed_distance(vertex_positions(w), closed, Lattice{g.cell_center(0, 0, 0), g.dx}, g.dx,
                                centre_phi);
  for (int64_t c = 0; c < centre_phi.size(); ++c)
    if (centre_phi.data()[c] < 0.0) cells.data()[c] = 1;
}

}  // namespace ripple
