#pragma once
// Geometry of a uniform MAC grid: n cells of size dx (m) starting at origin (m).
// Cell (i,j,k) centre: origin + (i+0.5, j+0.5, k+0.5) dx. Face (axis a) index i sits at the
// lower side of cell i along a. Nodes sit at cell corners.
#include "ripple/core/types.hpp"

namespace ripple {

struct GridGeometry {
  Vec3 origin = Vec3::Zero();  ///< lower corner of the domain (m)
  double dx = 1.0;             ///< cell size (m)
  Vec3i n = Vec3i::Ones();     ///< cells per axis

  Vec3 cell_center(int i, int j, int k) const {
    return origin + dx * Vec3(i + 0.5, j + 0.5, k + 0.5);
  }
  Vec3 node(int i, int j, int k) const { return origin + dx * Vec3(i, j, k); }
  /// Centre of face `index` normal to `axis`.
  Vec3 face_center(int axis, int i, int j, int k) const {
    Vec3 p = cell_center(i, j, k);
    p[axis] -= 0.5 * dx;
    return p;
  }
  /// Face array dimensions for `axis` (one extra along the axis).
  Vec3i face_dims(int axis) const {
    Vec3i d = n;
    d[axis] += 1;
    return d;
  }
  Vec3i node_dims() const { return n + Vec3i::Ones(); }
  Vec3 upper() const { return origin + dx * n.cast<double>(); }
  int64_t cell_count() const { return static_cast<int64_t>(n.x()) * n.y() * n.z(); }
  /// Position in "cell units" relative to the grid of samples offset by `offset` cells.
  Vec3 to_index_space(const Vec3& p, const Vec3& offset) const { return (p - origin) / dx - offset; }
};

/// Sample offsets (in cells) of each staggered quantity, relative to the origin.
inline Vec3 cell_sample_offset() { return Vec3(0.5, 0.5, 0.5); }
inline Vec3 face_sample_offset(int axis) {
  Vec3 o(0.5, 0.5, 0.5);
  o[axis] = 0.0;
  return o;
}
inline Vec3 node_sample_offset() { return Vec3::Zero(); }

}  // namespace ripple
