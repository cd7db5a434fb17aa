#include "ripple/coupling/monolith/body_level_set.hpp"

#include <algorithm>
#include <cstdint>

#include "ripple/core/parallel.hpp"
#include "ripple/fluid/particle_level_set.hpp"
#include "ripple/grid/interpolation.hpp"

namespace ripple {

void continue_level_set_into_bodies(ScalarGrid& phi, const GridGeometry& g, const BodyLevelSetInput& in) {
  if (!in.body_phi || in.body_phi->size() == 0) return;
  const double dx = g.dx, margin = 1.5 * dx;
  // From 1.5 cells out (before the first step changes phi).
  ScalarGrid from_margin = phi;
  {
    SolidBoundary shifted;
    shifted.node_phi = *in.body_phi;
    parallel_for(0, shifted.node_phi.size(), [&](int64_t i) { shifted.node_phi[i] -= margin; });
    shifted.has_obstacles = true;
    extrapolate_level_set_into_solids(from_margin, g, shifted, g.n.maxCoeff());
  }
  SolidBoundary inside;
  inside.node_phi = *in.body_phi;
  inside.has_obstacles = true;
  extrapolate_level_set_into_solids(phi, g, inside, g.n.maxCoeff());
  // The solids within 1.5 cells of each cell just outside a body: one (that body) or more.
  parallel_for(0, phi.size(), [&](int64_t c) {
    // Only where the body lies a cell or more under the liquid's surface around it: near the
    // surface the particles' own level set places the surface.
    if (from_margin[c] >= phi[c] || from_margin[c] > -dx) return;
    const Vec3i I = phi.coords(c);
    const Vec3 x = g.cell_center(I.x(), I.y(), I.z());
    const double d = sample(*in.body_phi, g, Vec3::Zero(), x);
    if (d < 0.0 || d >= margin) return;
    int near = 0;
    for (size_t k = 0; k < in.rigid_distance.size(); ++k) {
      const auto& [centre, reach] = in.rigid_reach[k];
      if ((x - centre).norm() > reach + margin) continue;
      if (in.rigid_distance[k](x) < margin) ++near;
    }
    if (in.elastic_phi && in.elastic_phi->size() > 0 && sample(*in.elastic_phi, g, Vec3::Zero(), x) < margin) ++near;
    if (in.obstacles && in.obstacles->has_obstacles && solid_phi_at(*in.obstacles, g, x) < margin) ++near;
    for (int a = 0; a < 3; ++a) {
      if (in.walls[static_cast<size_t>(2 * a)] && x[a] - g.origin[a] < margin) ++near;
      if (in.walls[static_cast<size_t>(2 * a + 1)] && g.origin[a] + g.n[a] * dx - x[a] < margin) ++near;
    }
    if (near <= 1) phi[c] = from_margin[c];
  });
}

}  // namespace ripple
