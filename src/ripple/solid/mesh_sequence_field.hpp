#pragma once
// The liquid's view of a mesh-sequence collider: its signed distance and velocity at any point
// and time, from every frame's distance and closest triangles sampled once and every frame
// interval's surface velocity sampled once (at half the grid cell size).
#include <memory>
#include <vector>

#include "ripple/contact/mesh_closest_triangle.hpp"
#include "ripple/grid/array3.hpp"
#include "ripple/solid/mesh_sequence.hpp"
#include "ripple/solid/shape_sdf.hpp"

namespace ripple {

class MeshSequenceField {
 public:
  /// Samples `sequence` every h (m).
  MeshSequenceField(std::shared_ptr<const MeshSequence> sequence, double h);
  /// Signed distance (m, negative inside) at t: the two frames' distances, each at p carried
  /// back (or on) by the surface's velocity, blended linearly in time.
  double signed_distance(const Vec3& p, double t) const;
  /// Velocity (m/s) at t of the collider's point closest to p (zero before the first frame and
  /// after the last).
  Vec3 velocity(const Vec3& p, double t) const;
  /// Bytes the field of `sequence` sampled every h (m) holds, before it is built.
  static double estimate_bytes(const MeshSequence& sequence, double h);
  /// Bytes its sampled lattices hold.
  double bytes() const;

 private:
  Vec3 interval_velocity(size_t k, const Vec3& p) const;
  /// Signed distance (m) to frame k: exact near its surface, sampled farther away.
  double frame_distance(size_t k, const Vec3& p) const;
  struct IntervalVelocity {
    Array3<Vec3> samples;  ///< closest-point velocity around the mid-interval mesh
    Vec3 origin = Vec3::Zero();
    Vec3 mean = Vec3::Zero();  ///< the vertices' mean velocity, deep inside and far away
  };
  std::shared_ptr<const MeshSequence> sequence_;
  double h_;
  std::vector<ShapeSdf> frames_;
  std::vector<MeshClosestTriangles> closest_;  ///< per frame
  std::vector<IntervalVelocity> intervals_;
};

}  // namespace ripple
