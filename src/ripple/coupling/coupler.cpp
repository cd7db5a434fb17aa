#include "ripple/coupling/coupler.hpp"

#include "ripple/fluid/liquid_phases.hpp"

namespace ripple {

double Coupler::stable_time_step(const World& world) const { return stable_liquid_time_step(world, true); }

}  // namespace ripple
