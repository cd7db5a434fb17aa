#include "ripple/world/world.hpp"

namespace ripple {

void build_solids(World& w) {
  const GridGeometry& g = w.scene.grid;
  w.liquid.grid = g;
  w.liquid.velocity.resize(g);
  w.liquid.pressure.resize(g.n.x(), g.n.y(), g.n.z(), 0.0);
  update_solid_boundary(w.solids, g, wall_sides(w.scene), w.obstacles, 0.0);
  w.lagrangian = build_solid_world(w.scene);
}

void step_free_solids(World& w, double dt, const StepContext& ctx) {
  SolidWorld& sw = *w.lagrangian;
  sw.state.time = w.time;  // also right after a resume
  record_solid_step(step_solids(sw.model, sw.settings, dt, sw.state), ctx, "solid");
}

}  // namespace ripple
