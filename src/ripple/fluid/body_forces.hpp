#pragma once
// Gravity and a gas's buoyancy on the face velocities, and the capillary step limit
// (viscosity is implicit: implicit_viscosity.hpp).
#include "ripple/fluid/pressure_projection.hpp"

namespace ripple {

/// u += g dt on every face (m/s).
void apply_gravity(MacVelocity& velocity, const Vec3& gravity, double dt);

/// The gas's buoyancy (Fedkiw, Stam & Jensen 2001, Eq. 8): u += dt (heat_lift T - smoke_weight s)
/// along `up`, with smoke s and temperature T (K above ambient) averaged from the face's cells.
void apply_buoyancy(MacVelocity& velocity, const ScalarGrid& smoke, const ScalarGrid& temperature, const Vec3& up,
                    double smoke_weight, double heat_lift, double dt);

/// Capillary time-step limit (s): sqrt(rho_avg dx^3 / (pi sigma)), rho_avg = rho/2 (air ~ 0)
/// (Brackbill et al. 1992).
double capillary_dt_limit(double dx, double surface_tension, double density);

}  // namespace ripple
