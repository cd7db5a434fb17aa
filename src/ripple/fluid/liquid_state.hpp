#pragma once
// Mutable state of the liquid (or gas): grid velocity, level set, particles, last pressure,
// and a gas's smoke and temperature.
#include <vector>

#include "ripple/grid/mac_velocity.hpp"

namespace ripple {

/// Marker/APIC particles (float storage: positions in m, velocities in m/s).
struct Particles {
  std::vector<Vec3f> x;
  std::vector<Vec3f> v;
  /// APIC affine matrix: row a is the gradient of velocity component a (1/s).
  std::vector<Mat3f> c;
  size_t size() const { return x.size(); }
  void resize(size_t n) { x.resize(n); v.resize(n); c.resize(n); }
};

struct LiquidState {
  GridGeometry grid;
  MacVelocity velocity;   ///< m/s on faces
  ScalarGrid phi;         ///< signed distance (m) at cell centres, negative in liquid
  Particles particles;
  ScalarGrid pressure;    ///< Pa at cell centres (last projection)
  ScalarGrid smoke;       ///< gas only: smoke density (concentration) at cell centres; empty otherwise
  ScalarGrid temperature; ///< gas only: K above ambient at cell centres; empty otherwise
  bool phi_matches_particles = false;  ///< phi was rebuilt from the current particles
  /// m^3 of liquid each particle carries: the regions' volume over the particles seeded in
  /// them (dx^3 / particles_per_cell up to the seeding's sampling error); 0: dx^3 /
  /// particles_per_cell. Set when the liquid is seeded (a resumed run seeds it again).
  double particle_volume = 0.0;
};

}  // namespace ripple
