#include "ripple/sim/world_setup.hpp"

#include "ripple/coupling/coupler_factory.hpp"

namespace ripple {

void initialise_world(World& w, Coupler& coupler) {
  w.solid_extension = coupler.solid_extension();
  build_solids(w);
  coupler.prepare(w);
  seed_liquid(w);
  if (w.has_liquid()) coupler.check_start(w);
}

std::unique_ptr<Coupler> initialise_world(World& w) {
  std::unique_ptr<Coupler> coupler = make_coupler(w.scene);
  initialise_world(w, *coupler);
  return coupler;
}

}  // namespace ripple
