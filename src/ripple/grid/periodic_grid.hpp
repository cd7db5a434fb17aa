#pragma once
// Periodic axes of the grid: what leaves through one side of such an axis comes back through the
// opposite one. Face 0 and face n of a periodic axis are one face (stored twice); fields are
// sampled near a periodic side through a copy padded with one layer of cells (faces) taken from
// the opposite side, so the grid's own trilinear sampling serves unchanged.
#include <array>

#include "ripple/grid/mac_velocity.hpp"

namespace ripple {

/// Whether each axis (x, y, z) wraps around.
using PeriodicAxes = std::array<bool, 3>;

inline bool any_periodic(const PeriodicAxes& p) { return p[0] || p[1] || p[2]; }

/// x moved by whole domain lengths into [origin, upper) along the periodic axes.
Vec3 wrap_point(const Vec3& x, const GridGeometry& g, const PeriodicAxes& periodic);

/// Makes both copies of every periodic side's faces their average.
void join_periodic_faces(MacVelocity& v, const PeriodicAxes& periodic);

/// Padded copies of a grid's fields: one more cell on each side of every periodic axis
/// (geometry(): n + 2 cells, origin one cell lower), filled from the opposite side.
class PeriodicPadding {
 public:
  PeriodicPadding(const GridGeometry& g, const PeriodicAxes& periodic);
  const GridGeometry& geometry() const { return padded_; }
  /// A cell-centred field of the original grid, padded.
  ScalarGrid cells(const ScalarGrid& q) const;
  /// A face velocity of the original grid, padded.
  MacVelocity faces(const MacVelocity& v) const;

 private:
  /// The original index along `axis` of padded index j (for cells, or for faces normal to it).
  int source(int axis, int j) const;
  ScalarGrid padded(const ScalarGrid& q, const Vec3i& dims) const;
  GridGeometry g_, padded_;
  PeriodicAxes periodic_;
};

}  // namespace ripple
