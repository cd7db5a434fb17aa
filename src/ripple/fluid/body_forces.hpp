#pragma once
// Gravity, a gas's buoyancy and explicit viscosity on the face velocities.
#include "ripple/fluid/pressure_projection.hpp"

namespace ripple {

/// u += g dt on every face (m/s).
void apply_gravity(MacVelocity& velocity, const Vec3& gravity, double dt);

/// The gas's buoyancy (Fedkiw, Stam & Jensen 2001, Eq. 8): u += dt (heat_lift T - smoke_weight s)
/// along `up`, with smoke s and temperature T (K above ambient) averaged from the face's cells.
void apply_buoyancy(MacVelocity& velocity, const ScalarGrid& smoke, const ScalarGrid& temperature, const Vec3& up,
                    double smoke_weight, double heat_lift, double dt);

/// Explicit viscous diffusion u += dt (mu/rho) lap(u) on faces next to liquid. Stable for
/// dt <= viscous_dt_limit.
void apply_viscosity(MacVelocity& velocity, const ScalarGrid& phi, const GridGeometry& g, double viscosity,
                     double density, double dt);

/// Largest stable explicit viscous step (s): dx^2 rho / (6 mu) with a 0.9 safety factor.
double viscous_dt_limit(double dx, double viscosity, double density);

/// Capillary time-step limit (s): sqrt(rho_avg dx^3 / (pi sigma)), rho_avg = rho/2 (air ~ 0)
/// (Brackbill et al. 1992).
double capillary_dt_limit(double dx, double surface_tension, double density);

}  // namespace ripple
