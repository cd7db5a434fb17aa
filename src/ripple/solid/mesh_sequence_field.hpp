#pragma once
// The liquid's view of a mesh-sequence collider: its signed distance and velocity at any point
// and time, from each frame's distance and closest triangles and each frame interval's surface
// velocity, sampled at half the grid cell size when first needed and freed once the clock has
// passed them, so a long sequence holds a few frames at a time.
#include <array>
#include <memory>
#include <mutex>
#include <vector>

#include "ripple/contact/mesh_closest_triangle.hpp"
#include "ripple/grid/array3.hpp"
#include "ripple/solid/mesh_sequence.hpp"
#include "ripple/solid/shape_sdf.hpp"

namespace ripple {

class MeshSequenceField {
 public:
  /// Frames a run holds at once: the current interval's two and the next step's two at most.
  static constexpr size_t kHeldFrames = 4;
  /// Samples `sequence` every h (m).
  MeshSequenceField(std::shared_ptr<const MeshSequence> sequence, double h);
  ~MeshSequenceField();
  /// Signed distance (m, negative inside) at t: the two frames' distances, each at p carried
  /// back (or on) by the surface's velocity, blended linearly in time.
  double signed_distance(const Vec3& p, double t) const;
  /// Velocity (m/s) at t of the collider's point closest to p (zero before the first frame and
  /// after the last).
  Vec3 velocity(const Vec3& p, double t) const;
  /// Frees the frames and intervals that end before the interval holding t (s): a run's clock
  /// only moves on (a later query rebuilds them). Not to be called while others query.
  void release_before(double t);
  /// Bytes the field of `sequence` sampled every h (m) holds at most, before it is built.
  static double estimate_bytes(const MeshSequence& sequence, double h);
  /// Bytes its sampled lattices hold now.
  double bytes() const;

 private:
  struct Frame;  ///< frame k's sampled distance and closest triangles
  struct IntervalVelocity {
    Array3<Vec3> samples;  ///< closest-point velocity around the mid-interval mesh
    Vec3 origin = Vec3::Zero();
    Vec3 mean = Vec3::Zero();  ///< the vertices' mean velocity, deep inside and far away
  };
  template <class T>
  struct Slot {
    std::once_flag once;
    std::unique_ptr<T> data;
  };
  template <class T, class Build>
  static const T& built(Slot<T>& slot, Build&& build);
  const Frame& frame(size_t k) const;
  const IntervalVelocity& interval(size_t k) const;
  Vec3 interval_velocity(size_t k, const Vec3& p) const;
  /// Signed distance (m) to frame k: exact near its surface, sampled farther away.
  double frame_distance(size_t k, const Vec3& p) const;
  std::shared_ptr<const MeshSequence> sequence_;
  double h_;
  std::vector<std::array<int, 3>> triangles_;
  // Built by the first query that needs them (from any thread), freed by release_before.
  mutable std::vector<std::unique_ptr<Slot<Frame>>> frames_;
  mutable std::vector<std::unique_ptr<Slot<IntervalVelocity>>> intervals_;
};

}  // namespace ripple
