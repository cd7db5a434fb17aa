#include "ripple/fluid/particle_advection.hpp"

#include <cmath>
#include <optional>

#include "ripple/core/parallel.hpp"

namespace ripple {

int64_t advect_particles(Particles& p, const GridGeometry& g, const MacVelocity& velocity, const SolidBoundary& sb,
                         const WallSides& walls, double dt, bool velocity_is_grid_sample,
                         const MacVelocity* displacement, const ParticleMoveHooks* hooks,
                         const PeriodicAxes& periodic) {
  const bool wraps = any_periodic(periodic);
  const int64_t np = static_cast<int64_t>(p.size());
  std::vector<uint8_t> keep(static_cast<size_t>(np), 1);
  const Vec3 lo = g.origin, hi = g.upper();
  const double margin = 1e-3 * g.dx;
  std::optional<PeriodicPadding> pad;
  MacVelocity padded_velocity;
  if (wraps) {
    pad.emplace(g, periodic);
    padded_velocity = pad->faces(velocity);
  }
  parallel_for(0, np, [&](int64_t q) {
    Vec3 x = p.x[q].cast<double>();
    const Vec3 x0 = x;
    auto sample = [&](const Vec3& at) {
      Vec3 v;
      if (!wraps) {
        if (hooks && hooks->velocity && hooks->velocity(at, v)) return v;
        return velocity.sample(g, at);
      }
      // Around periodic axes (gas markers): wrapped, and plain within two cells of a periodic
      // side, which solids keep clear of.
      const Vec3 w = wrap_point(at, g, periodic);
      bool near = false;
      for (int a = 0; a < 3; ++a)
        near = near || (periodic[a] && std::min(w[a] - lo[a], hi[a] - w[a]) < 2.0 * g.dx);
      if (!near && hooks && hooks->velocity && hooks->velocity(w, v)) return v;
      return padded_velocity.sample(pad->geometry(), w);
    };
    const Vec3 v0 = velocity_is_grid_sample ? Vec3(p.v[q].cast<double>()) : sample(x);
    const Vec3 mid = x + 0.5 * dt * v0;
    Vec3 shift = Vec3::Zero();
    if (displacement) {
      shift = displacement->sample(g, x);
      const double len = shift.norm(), cap = 0.25 * g.dx;
      if (len > cap) shift *= cap / len;
    }
    x += dt * sample(mid) + shift;
    if (sb.has_obstacles) {
      const double d = solid_phi_at(sb, g, x);
      if (d < 0.0) {
        // Project out along the solid's normal (finite differences of the node SDF).
        const double h = 0.25 * g.dx;
        Vec3 n;
        for (int a = 0; a < 3; ++a) {
          Vec3 e = Vec3::Zero();
          e[a] = h;
          n[a] = solid_phi_at(sb, g, x + e) - solid_phi_at(sb, g, x - e);
        }
        if (n.norm() > 0) x -= (d - margin) * n.normalized();
      }
    }
    if (hooks && hooks->filter) hooks->filter(x0, x);
    if (wraps) x = wrap_point(x, g, periodic);
    for (int a = 0; a < 3; ++a) {
      if (periodic[a]) continue;
      if (x[a] < lo[a] + margin) {
        if (!walls[2 * a]) keep[q] = 0;
        x[a] = lo[a] + margin;
      } else if (x[a] > hi[a] - margin) {
        if (!walls[2 * a + 1]) keep[q] = 0;
        x[a] = hi[a] - margin;
      }
    }
    p.x[q] = x.cast<float>();
  });
  return remove_particles(p, keep);
}

int64_t remove_particles(Particles& p, const std::vector<uint8_t>& keep) {
  size_t w = 0;
  for (size_t q = 0; q < p.size(); ++q)
    if (keep[q]) {
      p.x[w] = p.x[q];
      p.v[w] = p.v[q];
      p.c[w] = p.c[q];
      ++w;
    }
  const int64_t removed = static_cast<int64_t>(p.size() - w);
  p.resize(w);
  return removed;
}

}  // namespace ripple
