#pragma once
// Trilinear interpolation of samples stored in an Array3 whose sample (i,j,k) sits at
// origin + (i,j,k)*dx + offset*dx. Outside the samples the field is clamped (constant).
#include <cmath>

#include "ripple/grid/array3.hpp"
#include "ripple/grid/grid_geometry.hpp"

namespace ripple {

/// Lower sample index and fractional weights for continuous index coordinate s, clamped
/// so that (base, base+1) is a valid pair in an axis of length n.
inline void linear_stencil(double s, int n, int& base, double& frac) {
  if (n == 1) { base = 0; frac = 0.0; return; }
  double fl = std::floor(s);
  base = static_cast<int>(fl);
  frac = s - fl;
  if (base < 0) { base = 0; frac = 0.0; }
  else if (base > n - 2) { base = n - 2; frac = 1.0; }
}

template <class T>
T trilinear(const Array3<T>& a, const Vec3& s) {
  int i, j, k;
  double fx, fy, fz;
  linear_stencil(s.x(), a.nx(), i, fx);
  linear_stencil(s.y(), a.ny(), j, fy);
  linear_stencil(s.z(), a.nz(), k, fz);
  // Offsets to the +1 neighbours; 0 along an axis with a single sample (its weight is 0 then).
  const int64_t sx = a.nx() > 1 ? 1 : 0, sy = a.ny() > 1 ? a.nx() : 0,
                sz = a.nz() > 1 ? static_cast<int64_t>(a.nx()) * a.ny() : 0;
  const T* p = a.data().data() + a.index(i, j, k);
  const T c00 = p[0] * (1 - fx) + p[sx] * fx;
  const T c10 = p[sy] * (1 - fx) + p[sy + sx] * fx;
  const T c01 = p[sz] * (1 - fx) + p[sz + sx] * fx;
  const T c11 = p[sz + sy] * (1 - fx) + p[sz + sy + sx] * fx;
  const T c0 = c00 * (1 - fy) + c10 * fy;
  const T c1 = c01 * (1 - fy) + c11 * fy;
  return c0 * (1 - fz) + c1 * fz;
}

/// Samples a staggered field at world position p.
template <class T>
T sample(const Array3<T>& a, const GridGeometry& g, const Vec3& offset, const Vec3& p) {
  return trilinear(a, g.to_index_space(p, offset));
}

}  // namespace ripple
