#include "ripple/sim/world.hpp"

#include "ripple/core/errors.hpp"
#include "ripple/fluid/particle_level_set.hpp"
#include "ripple/fluid/particle_seeding.hpp"
#include "ripple/grid/redistance.hpp"

namespace ripple {

World::World(const Scene& s) : scene(s), obstacles(s) {}

void initialise_world(World& w) {
  const Scene& s = w.scene;
  const GridGeometry& g = s.grid;
  w.liquid.grid = g;
  w.liquid.velocity.resize(g);
  w.liquid.pressure.resize(g.n.x(), g.n.y(), g.n.z(), 0.0);
  update_solid_boundary(w.solids, s, w.obstacles, 0.0);
  if (s.fluid.representation == LiquidRepresentation::LevelSet) {
    // Boxes reaching the domain walls are extended past them: the walls are not liquid
    // surfaces, and the box's distance to them would distort the initial level set.
    Scene clipped = s;
    for (auto& r : clipped.fluid.regions)
      if (r.shape.kind == ShapeDesc::Kind::Box)
        for (int a = 0; a < 3; ++a) {
          if (r.shape.min[a] <= g.origin[a]) r.shape.min[a] = g.origin[a] - 10 * g.dx;
          if (r.shape.max[a] >= g.upper()[a]) r.shape.max[a] = g.upper()[a] + 10 * g.dx;
        }
    w.liquid.phi.resize(g.n.x(), g.n.y(), g.n.z(), 0.0);
    int64_t liquid_cells = 0;
    for (int64_t c = 0; c < w.liquid.phi.size(); ++c) {
      const Vec3i I = w.liquid.phi.coords(c);
      const Vec3 x = g.cell_center(I.x(), I.y(), I.z());
      double d = region_signed_distance(clipped, x);
      if (w.solids.has_obstacles) d = std::max(d, -solid_phi_at(w.solids, g, x));
      w.liquid.phi[c] = d;
      liquid_cells += d < 0;
    }
    if (liquid_cells == 0) throw InputError(s.source_path + ": /fluid/regions", "the regions contain no liquid cell at this resolution");
    redistance(w.liquid.phi, g.dx, kLevelSetBandCells);
    // Initial velocity: the velocity of the region each face lies in.
    for (int a = 0; a < 3; ++a)
      for (int64_t f = 0; f < w.liquid.velocity.u[a].size(); ++f) {
        const Vec3i I = w.liquid.velocity.u[a].coords(f);
        const Vec3 x = g.face_center(a, I.x(), I.y(), I.z());
        for (const auto& r : s.fluid.regions)
          if (region_signed_distance(s, x) < g.dx) { w.liquid.velocity.u[a][f] = r.velocity[a]; break; }
      }
  } else {
    w.liquid.particles = seed_particles(s, w.solids);
    if (w.liquid.particles.size() == 0)
      throw InputError(s.source_path + ": /fluid/regions", "the regions contain no liquid (inside the domain and outside solids)");
  }
  refresh_level_set(w);
}

void refresh_level_set(World& w) {
  if (w.scene.fluid.representation == LiquidRepresentation::LevelSet || w.liquid.phi_matches_particles) return;
  const ParticleBins bins = sort_particles_by_cell(w.liquid.particles, w.liquid.grid);
  level_set_from_particles(w.liquid, bins, particle_radius(w.scene.grid.dx, w.scene.fluid.particles_per_cell), w.solids,
                           wall_sides(w.scene));
}

}  // namespace ripple
