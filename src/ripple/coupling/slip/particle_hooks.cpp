#include "ripple/coupling/slip/particle_hooks.hpp"

#include "ripple/core/parallel.hpp"

namespace ripple {

LiquidAdvanceHooks slip_particle_hooks(const CollidableVelocity& collidable, const SurfaceCrossingFilter* crossing) {
  LiquidAdvanceHooks hooks;
  hooks.after_transfer = [&collidable](Particles& p) {
    parallel_for(0, static_cast<int64_t>(p.size()), [&](int64_t q) {
      const Vec3 x = p.x[q].cast<double>();
      if (!collidable.near_surface(x)) return;
      p.v[q] = collidable.sample(x).cast<float>();
      p.c[q].setZero();
    });
  };
  hooks.moves.velocity = [&collidable](const Vec3& x, Vec3& v) {
    if (!collidable.near_surface(x)) return false;
    v = collidable.sample(x);
    return true;
  };
  if (crossing) hooks.moves.filter = [crossing](const Vec3& x0, Vec3& x1) { crossing->apply(x0, x1); };
  return hooks;
}

}  // namespace ripple
