#pragma once
// Holding the membrane's enclosed volume. Particles moved through an interpolated grid velocity
// let a closed surface gain or lose a little volume each step (the velocity is divergence-free
// on the grid's faces, not at every point); the free particles are moved back along the
// volume's gradient by one common distance, as the barrier method's volume control moves its
// level set.
#include "ripple/coupling/membrane/liquid_membrane.hpp"

namespace ripple {

/// Moves every free particle along its unit volume gradient (the area-weighted normal) by one
/// distance (m, returned) so that the membrane encloses `target` (m^3) again, by at most
/// `largest` (m) per call (a tangled membrane has a tiny gradient).
double restore_membrane_volume(LiquidMembrane& membrane, double target, double largest);

}  // namespace ripple
