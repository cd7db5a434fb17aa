#include "ripple/fluid/solid_boundary.hpp"

#include <algorithm>

#include "ripple/core/parallel.hpp"

namespace ripple {

double triangle_fraction_inside(double a, double b, double c) {
  const int n_in = (a < 0) + (b < 0) + (c < 0);
  if (n_in == 0) return 0.0;
  if (n_in == 3) return 1.0;
  // Rotate so that `a` is the odd one out.
  if ((b < 0) != (a < 0) && (b < 0) != (c < 0)) std::swap(a, b);
  else if ((c < 0) != (a < 0) && (c < 0) != (b < 0)) std::swap(a, c);
  const double frac = (a * a) / ((a - b) * (a - c));  // area fraction of the corner at a
  return n_in == 1 ? frac : 1.0 - frac;
}

double face_fraction_inside(double p00, double p10, double p01, double p11) {
  const double pc = 0.25 * (p00 + p10 + p01 + p11);
  return 0.25 * (triangle_fraction_inside(p00, p10, pc) + triangle_fraction_inside(p10, p11, pc) +
                 triangle_fraction_inside(p11, p01, pc) + triangle_fraction_inside(p01, p00, pc));
}

double solid_phi_at(const SolidBoundary& sb, const GridGeometry& g, const Vec3& p) {
  if (!sb.has_obstacles) return 1e30;
  return sample(sb.node_phi, g, node_sample_offset(), p);
}

WallSides wall_sides(const Scene& scene) {
  WallSides w{};
  for (int i = 0; i < 6; ++i) w[static_cast<size_t>(i)] = scene.boundary[static_cast<size_t>(i)] == BoundaryType::Wall;
  return w;
}

void update_solid_boundary(SolidBoundary& sb, const GridGeometry& g, const WallSides& walls,
                           const ObstacleField& obstacles, double t) {
  sample_obstacle_phi(sb, g, obstacles, t);
  update_face_fractions(sb, g, walls, obstacles, t);
}

void sample_obstacle_phi(SolidBoundary& sb, const GridGeometry& g, const ObstacleField& obstacles, double t) {
  const Vec3i nd = g.node_dims();
  sb.has_obstacles = !obstacles.empty();
  sb.node_phi.resize(nd.x(), nd.y(), nd.z(), 1e30);
  if (sb.has_obstacles)
    parallel_for(0, sb.node_phi.size(), [&](int64_t idx) {
      const Vec3i c = sb.node_phi.coords(idx);
      sb.node_phi[idx] = obstacles.signed_distance(g.node(c.x(), c.y(), c.z()), t);
    });
}

void update_face_fractions(SolidBoundary& sb, const GridGeometry& g, const WallSides& walls,
                           const ObstacleField& obstacles, double t, double open_above) {
  sb.velocity.resize(g);
  for (int a = 0; a < 3; ++a) {
    const Vec3i fd = g.face_dims(a);
    sb.face_open[a].resize(fd.x(), fd.y(), fd.z(), 1.0);
    const int b1 = (a + 1) % 3, b2 = (a + 2) % 3;
    ScalarGrid& open = sb.face_open[a];
    parallel_for(0, open.size(), [&](int64_t idx) {
      const Vec3i f = open.coords(idx);
      sb.velocity.u[a][idx] = 0.0;
      // Domain walls close the boundary faces.
      if (f[a] == 0 && walls[2 * a]) { open[idx] = 0.0; return; }
      if (f[a] == g.n[a] && walls[2 * a + 1]) { open[idx] = 0.0; return; }
      if (!sb.has_obstacles) { open[idx] = 1.0; return; }
      auto node = [&](int d1, int d2) {
        Vec3i q = f;
        q[b1] += d1;
        q[b2] += d2;
        return sb.node_phi(q.x(), q.y(), q.z());
      };
      double frac = 1.0 - face_fraction_inside(node(0, 0), node(1, 0), node(0, 1), node(1, 1));
      if (frac < 0.01) frac = 0.0;  // tiny slivers make the system needlessly stiff
      if (frac > open_above) frac = 1.0;
      open[idx] = frac;
      if (frac < 1.0 && !obstacles.empty()) {
        const Vec3 c = g.face_center(a, f.x(), f.y(), f.z());
        if (obstacles.signed_distance(c, t) < g.dx) sb.velocity.u[a][idx] = obstacles.velocity(c, t)[a];
      }
    });
  }
}

}  // namespace ripple
