#pragma once
// Extends known face velocities into unknown faces, layer by layer (each new face takes the
// average of its known neighbours along the same axis), so particles and advection near the
// surface and solids read sensible values.
#include "ripple/fluid/pressure_projection.hpp"

namespace ripple {

void extrapolate_velocity(MacVelocity& velocity, FaceFlags& valid, int layers);

}  // namespace ripple
