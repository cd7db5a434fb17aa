#include "ripple/fluid/grid_advection.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "ripple/core/parallel.hpp"

namespace ripple {
namespace {

// Departure point of x over dt by the midpoint rule through the velocity field `at`.
template <class VelocityAt>
Vec3 midpoint_backtrace(const Vec3& x, double dt, const VelocityAt& at) {
  const Vec3 mid = x - 0.5 * dt * at(x);
  return x - dt * at(mid);
}

Vec3 backtrace(const Vec3& x, const GridGeometry& g, const MacVelocity& vel, double dt) {
  return midpoint_backtrace(x, dt, [&](const Vec3& p) { return vel.sample(g, p); });
}

// Trilinear inside the samples, linear extrapolation (one-sided slope) beyond them. Clamping
// instead would let a cell next to a wall re-read its own value from behind the wall, and
// liquid could never leave a wall or ceiling.
double sample_extrapolated(const ScalarGrid& q, const Vec3& s) {
  const Vec3 hi = (q.dims() - Vec3i::Ones()).cast<double>();
  const Vec3 c = s.cwiseMax(0.0).cwiseMin(hi);
  double v = trilinear(q, c);
  for (int a = 0; a < 3; ++a) {
    if (s[a] == c[a] || hi[a] < 1.0) continue;
    Vec3 inner = c;
    inner[a] += s[a] < c[a] ? 1.0 : -1.0;
    v += std::abs(s[a] - c[a]) * (v - trilinear(q, inner));
  }
  return v;
}

ScalarGrid semi_lagrangian(const ScalarGrid& q, const Vec3& offset, const GridGeometry& g, const MacVelocity& vel,
                           double dt) {
  ScalarGrid out(q.nx(), q.ny(), q.nz(), 0.0);
  parallel_for(0, q.size(), [&](int64_t idx) {
    const Vec3i I = q.coords(idx);
    const Vec3 x = g.origin + g.dx * (I.cast<double>() + offset);
    out[idx] = sample_extrapolated(q, g.to_index_space(backtrace(x, g, vel, dt), offset));
  });
  return out;
}

}  // namespace

void advect_samples(ScalarGrid& q, const Vec3& offset, const GridGeometry& g, const MacVelocity& vel, double dt,
                    LevelSetAdvection scheme) {
  ScalarGrid forward = semi_lagrangian(q, offset, g, vel, dt);
  if (scheme == LevelSetAdvection::SemiLagrangian) {
    q = std::move(forward);
    return;
  }
  const ScalarGrid back = semi_lagrangian(forward, offset, g, vel, -dt);
  parallel_for(0, q.size(), [&](int64_t idx) {
    const Vec3i I = q.coords(idx);
    const Vec3 x = g.origin + g.dx * (I.cast<double>() + offset);
    double corrected = forward[idx] + 0.5 * (q[idx] - back[idx]);
    // Clamp to the extrema of the samples the backtrace landed between (keeps it stable).
    const Vec3 s = g.to_index_space(backtrace(x, g, vel, dt), offset);
    int b[3];
    double f;
    linear_stencil(s.x(), q.nx(), b[0], f);
    linear_stencil(s.y(), q.ny(), b[1], f);
    linear_stencil(s.z(), q.nz(), b[2], f);
    double lo = 1e300, hi = -1e300;
    for (int c = 0; c < 8; ++c) {
      const double v = q.clamped(b[0] + (c & 1), b[1] + ((c >> 1) & 1), b[2] + ((c >> 2) & 1));
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
    q[idx] = (corrected < lo || corrected > hi) ? forward[idx] : corrected;
  });
}

void advect_velocity(MacVelocity& vel, const GridGeometry& g, double dt) {
  MacVelocity out = vel;
  for (int a = 0; a < 3; ++a) {
    const ScalarGrid& u = vel.u[a];
    parallel_for(0, u.size(), [&](int64_t idx) {
      const Vec3i I = u.coords(idx);
      const Vec3 x = g.origin + g.dx * (I.cast<double>() + face_sample_offset(a));
      out.u[a][idx] = sample(u, g, face_sample_offset(a), backtrace(x, g, vel, dt));
    });
  }
  vel = std::move(out);
}

void advect_semi_lagrangian(MacVelocity& vel, const std::vector<ScalarGrid*>& scalars, const GridGeometry& g,
                            double dt, const CollidableAdvection* collidable, const PeriodicAxes& periodic) {
  const bool wraps = any_periodic(periodic);
  if (!collidable && !wraps) {
    // Clamped, not extrapolated (as the level set is): smoke may not overshoot at the sides.
    for (ScalarGrid* q : scalars) {
      ScalarGrid out(q->nx(), q->ny(), q->nz(), 0.0);
      parallel_for(0, q->size(), [&](int64_t idx) {
        const Vec3i I = q->coords(idx);
        out[idx] = sample(*q, g, cell_sample_offset(), backtrace(g.cell_center(I.x(), I.y(), I.z()), g, vel, dt));
      });
      *q = std::move(out);
    }
    advect_velocity(vel, g, dt);
    return;
  }
  // Across periodic sides: points wrap, and samples read padded copies of the fields. Within two
  // cells of a periodic side the plain samples serve (solids keep a cell clear of those sides).
  std::optional<PeriodicPadding> pad;
  MacVelocity padded_velocity;
  if (wraps) {
    pad.emplace(g, periodic);
    padded_velocity = pad->faces(vel);
  }
  auto near_periodic_side = [&](const Vec3& x) {
    for (int a = 0; a < 3; ++a)
      if (periodic[a] && std::min(x[a] - g.origin[a], g.origin[a] + g.dx * g.n[a] - x[a]) < 2.0 * g.dx) return true;
    return false;
  };
  auto plain = [&](const Vec3& x) { return !collidable || (wraps && near_periodic_side(x)); };
  auto velocity_at = [&](const Vec3& p) -> Vec3 {
    const Vec3 x = wraps ? wrap_point(p, g, periodic) : p;
    if (!plain(x)) return collidable->velocity(x);
    return wraps ? padded_velocity.sample(pad->geometry(), x) : vel.sample(g, x);
  };
  auto departure = [&](const Vec3& x) {
    Vec3 back = midpoint_backtrace(x, dt, velocity_at);
    if (collidable) collidable->keep_side(x, back);
    return wraps ? wrap_point(back, g, periodic) : back;
  };
  for (ScalarGrid* q : scalars) {
    const ScalarGrid padded_q = wraps ? pad->cells(*q) : ScalarGrid();
    ScalarGrid out(q->nx(), q->ny(), q->nz(), 0.0);
    parallel_for(0, q->size(), [&](int64_t idx) {
      const Vec3i I = q->coords(idx);
      const Vec3 d = departure(g.cell_center(I.x(), I.y(), I.z()));
      if (!plain(d)) out[idx] = collidable->cell_scalar(*q, d);
      else out[idx] = wraps ? sample(padded_q, pad->geometry(), cell_sample_offset(), d) : sample(*q, g, cell_sample_offset(), d);
    });
    *q = std::move(out);
  }
  MacVelocity out = vel;
  for (int a = 0; a < 3; ++a)
    parallel_for(0, out.u[a].size(), [&](int64_t idx) {
      const Vec3i I = out.u[a].coords(idx);
      out.u[a][idx] = velocity_at(departure(g.face_center(a, I.x(), I.y(), I.z())))[a];
    });
  vel = std::move(out);
  if (wraps) join_periodic_faces(vel, periodic);
}

}  // namespace ripple
