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
  const int i1 = std::min(i + 1, a.nx() - 1), j1 = std::min(j + 1, a.ny() - 1), k1 = std::min(k + 1, a.nz() - 1);
  const T c00 = a(i, j, k) * (1 - fx) + a(i1, j, k) * fx;
  const T c10 = a(i, j1, k) * (1 - fx) + a(i1, j1, k) * fx;
  const T c01 = a(i, j, k1) * (1 - fx) + a(i1, j, k1) * fx;
  const T c11 = a(i, j1, k1) * (1 - fx) + a(i1, j1, k1) * fx;
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
