#include "ripple/fluid/body_forces.hpp"

#include <algorithm>

#include <cmath>
#include <limits>

#include "ripple/core/parallel.hpp"

namespace ripple {

void apply_gravity(MacVelocity& velocity, const Vec3& gravity, double dt) {
  for (int a = 0; a < 3; ++a) {
    if (gravity[a] == 0.0) continue;
    ScalarGrid& u = velocity.u[a];
    const double du = gravity[a] * dt;
    parallel_for(0, u.size(), [&](int64_t i) { u[i] += du; });
  }
}

void apply_buoyancy(MacVelocity& velocity, const ScalarGrid& smoke, const ScalarGrid& temperature, const Vec3& up,
                    double smoke_weight, double heat_lift, double dt) {
  if (smoke_weight == 0.0 && heat_lift == 0.0) return;
  for (int a = 0; a < 3; ++a) {
    if (up[a] == 0.0) continue;
    ScalarGrid& u = velocity.u[a];
    const int n = smoke.dims()[a];
    parallel_for(0, u.size(), [&](int64_t idx) {
      const Vec3i f = u.coords(idx);
      Vec3i lo = f;
      lo[a] = std::max(f[a] - 1, 0);
      Vec3i hi = f;
      hi[a] = std::min(f[a], n - 1);
      const double s = 0.5 * (smoke(lo.x(), lo.y(), lo.z()) + smoke(hi.x(), hi.y(), hi.z()));
      const double T = 0.5 * (temperature(lo.x(), lo.y(), lo.z()) + temperature(hi.x(), hi.y(), hi.z()));
      u[idx] += dt * (heat_lift * T - smoke_weight * s) * up[a];
    });
  }
}

double capillary_dt_limit(double dx, double surface_tension, double density) {
  if (surface_tension <= 0.0) return std::numeric_limits<double>::infinity();
  return std::sqrt(0.5 * density * dx * dx * dx / (M_PI * surface_tension));
}

}  // namespace ripple
