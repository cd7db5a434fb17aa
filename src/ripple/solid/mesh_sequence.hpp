#pragma once
// A collider animated as a sequence of meshes of one topology (one OBJ per frame, as Blender,
// Houdini and Maya export an animation): its vertices move linearly from frame to frame, so
// each vertex's velocity is constant within a frame interval and the collider's velocity comes
// from its vertices' motion.
#include <vector>

#include "ripple/core/triangle_mesh.hpp"
#include "ripple/core/types.hpp"

namespace ripple {

class MeshSequence {
 public:
  /// `frames`: #frames (at least two) lists of #V vertex positions (m) over `triangles`, frame k
  /// at time start + k frame_time (s). Before the first frame the collider rests at it, after
  /// the last at the last.
  MeshSequence(std::vector<Eigen::Vector3i> triangles, std::vector<std::vector<Vec3>> frames, double start,
               double frame_time);

  size_t frame_count() const { return frames_.size(); }
  const std::vector<Vec3>& frame(size_t k) const { return frames_[k]; }
  const std::vector<Eigen::Vector3i>& triangles() const { return triangles_; }
  double start() const { return start_; }
  double frame_time() const { return frame_time_; }
  bool moves() const;

  /// The frame interval holding t: frames k and k + 1 (k + 1 = k at the ends) and the share
  /// s in [0, 1) of the way from k to k + 1. Intervals hold their start (a step that starts at
  /// the first frame sees the first interval's velocity).
  struct Interval {
    size_t k = 0, next = 0;
    double s = 0.0;
    bool moving = false;  ///< false before the first frame and from the last on
  };
  Interval interval(double t) const;

  /// Vertex positions (m) at t, linear between frames.
  std::vector<Vec3> positions(double t) const;
  /// One vertex's position (m) at t.
  Vec3 position(size_t vertex, double t) const;
  /// Vertex velocities (m/s) over frame interval k (frames k to k + 1).
  std::vector<Vec3> velocities(size_t k) const;
  /// The mesh at t.
  TriangleMesh surface(double t) const;
  /// Box around every frame (m).
  Aabb bounds() const;
  /// The fastest a vertex moves (m/s).
  double max_speed() const;

 private:
  std::vector<Eigen::Vector3i> triangles_;
  std::vector<std::vector<Vec3>> frames_;
  double start_ = 0.0, frame_time_ = 1.0;
};

}  // namespace ripple
