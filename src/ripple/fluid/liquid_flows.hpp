#pragma once
// The scene's liquid emitters and drains (fluid.emitters, fluid.drains) acting on the liquid
// each substep, and the volumes they have moved.
//
// An emitter is a conveyor: a lattice of particle positions (the initial seeding's, spacing
// dx / cbrt(particles_per_cell)) moves with the emitter's velocity, and every lattice point that
// enters the shape by the end of a substep becomes a particle at the substep's start (where it
// is then, just upstream), so the shape is full at the end of every substep and liquid enters
// at exactly speed x cross-section. While it runs, the particles inside the shape move at its velocity and
// the grid faces inside it are held there through the projection (closed, like a moving solid's
// faces), so the liquid leaves through the downstream side at that velocity whatever the
// pressure. A level set's emitted volume is the shape's at the start, then that outflow. A level set is united with the shape instead. A drain removes the particles (or
// the level set's liquid) inside its shape.
#include <array>
#include <vector>

#include "ripple/fluid/liquid_state.hpp"
#include "ripple/fluid/pressure_projection.hpp"
#include "ripple/fluid/solid_boundary.hpp"
#include "ripple/scene/scene.hpp"
#include "ripple/solid/shape_sdf.hpp"

namespace ripple {

/// What the emitters and drains have done so far (state: checkpointed).
struct LiquidFlowRecord {
  std::vector<double> emitted;        ///< m^3 each emitter added
  std::vector<double> emitted_until;  ///< s: the time each emitter has emitted up to (-inf: not yet)
  std::vector<double> drained;        ///< m^3 each drain removed
};

class LiquidFlows {
 public:
  explicit LiquidFlows(const Scene& scene);
  bool empty() const { return emitter_sdf_.empty() && drain_sdf_.empty(); }

  /// The substep [t0, t0 + dt): drains remove the liquid inside them, emitters add theirs and
  /// set the velocity of the particles inside them. Before the particles reach the grid.
  void emit_and_drain(LiquidState& liquid, const SolidBoundary& solids, double t0, double dt);

  /// Holds the running emitters' velocity on the grid faces inside them (and marks them valid),
  /// closing them in `solids` for the projection; release_faces() reopens them afterwards.
  void hold_faces(LiquidState& liquid, SolidBoundary& solids, FaceFlags& valid, double t0, double dt);
  void release_faces(SolidBoundary& solids);

  /// The largest speed (m/s) of an emitter running in [t0, t0 + dt).
  double max_speed(double t0, double dt) const;

  /// A face hold_faces closed: its axis and index, its open fraction and solid velocity before.
  struct HeldFace {
    int axis;
    int64_t index;
    double open, velocity;
  };
  /// The faces held now (between hold_faces and release_faces), for a method whose projection
  /// takes prescribed faces another way (slip).
  const std::vector<HeldFace>& held_faces() const { return held_; }

  LiquidFlowRecord record;

 private:
  bool emitter_runs(size_t e, double t0, double dt) const;
  /// Seeds the lattice points inside the shape at `until` that were not inside at `from`
  /// (kNever: all of them), where they are at t0. Returns their volume (m^3).
  double emit_particles(size_t e, LiquidState& liquid, const SolidBoundary& solids, double t0, double from,
                        double until);
  double emit_level_set(size_t e, LiquidState& liquid, const SolidBoundary& solids);

  const Scene& scene_;
  std::vector<ShapeSdf> emitter_sdf_, drain_sdf_;
  std::vector<HeldFace> held_;
};

}  // namespace ripple
