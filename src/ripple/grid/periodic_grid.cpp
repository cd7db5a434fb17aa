#include "ripple/grid/periodic_grid.hpp"

#include <cmath>

namespace ripple {

Vec3 wrap_point(const Vec3& x, const GridGeometry& g, const PeriodicAxes& periodic) {
  Vec3 out = x;
  for (int a = 0; a < 3; ++a) {
    if (!periodic[a]) continue;
    const double length = g.dx * g.n[a];
    double t = std::fmod(x[a] - g.origin[a], length);
    if (t < 0.0) t += length;
    if (t >= length) t = 0.0;  // -tiny + length rounds to length
    out[a] = g.origin[a] + t;
  }
  return out;
}

void join_periodic_faces(MacVelocity& v, const PeriodicAxes& periodic) {
  for (int a = 0; a < 3; ++a) {
    if (!periodic[a]) continue;
    ScalarGrid& u = v.u[a];
    const Vec3i d = u.dims();
    const int last = d[a] - 1;
    for (int k = 0; k < d.z(); ++k)
      for (int j = 0; j < d.y(); ++j)
        for (int i = 0; i < d.x(); ++i) {
          Vec3i lo(i, j, k);
          if (lo[a] != 0) continue;
          Vec3i hi = lo;
          hi[a] = last;
          const double mean = 0.5 * (u(lo.x(), lo.y(), lo.z()) + u(hi.x(), hi.y(), hi.z()));
          u(lo.x(), lo.y(), lo.z()) = mean;
          u(hi.x(), hi.y(), hi.z()) = mean;
        }
  }
}

PeriodicPadding::PeriodicPadding(const GridGeometry& g, const PeriodicAxes& periodic)
    : g_(g), padded_(g), periodic_(periodic) {
  for (int a = 0; a < 3; ++a)
    if (periodic[a]) {
      padded_.n[a] += 2;
      padded_.origin[a] -= g.dx;
    }
}

int PeriodicPadding::source(int axis, int j) const {
  if (!periodic_[axis]) return j;
  const int n = g_.n[axis];
  return ((j - 1) % n + n) % n;
}

ScalarGrid PeriodicPadding::padded(const ScalarGrid& q, const Vec3i& dims) const {
  ScalarGrid out(dims.x(), dims.y(), dims.z(), 0.0);
  for (int k = 0; k < dims.z(); ++k) {
    const int sk = source(2, k);
    for (int j = 0; j < dims.y(); ++j) {
      const int sj = source(1, j);
      for (int i = 0; i < dims.x(); ++i) out(i, j, k) = q(source(0, i), sj, sk);
    }
  }
  return out;
}

ScalarGrid PeriodicPadding::cells(const ScalarGrid& q) const { return padded(q, padded_.n); }

MacVelocity PeriodicPadding::faces(const MacVelocity& v) const {
  MacVelocity out;
  for (int a = 0; a < 3; ++a) out.u[a] = padded(v.u[a], padded_.face_dims(a));
  return out;
}

}  // namespace ripple
