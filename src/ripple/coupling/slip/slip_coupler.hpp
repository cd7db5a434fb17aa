#pragma once
// coupling.method = "slip": "Accurate Tangential Velocities for Solid Fluid Coupling"
// (Robinson-Mosher, English & Fedkiw 2009). One step reads as the paper's phases:
//   solids       the Lagrangian solids step on their own: their predicted velocity (Eq. 15)
//   boundary     closed bodies and obstacles join the solid boundary (no liquid inside them)
//   liquid       particles to grid, explicit gravity (the shared liquid phases); a gas: its
//                sources and buoyancy
//   visibility   the slip surface at the step's end, its triangles binned, occluded faces with
//                their normals and J weights (Sec. 3.1, Appendix A)
//   projection   pressures, ghost fluxes, constraint forces and, two-way, the solids'
//                velocities in one SPD solve (Eq. 10, 12, 16); the solids' step again with
//                the liquid's impulse (two_way_projection.hpp)
//   liquid       the particles' volume correction with the shells shut, extrapolation, grid
//                to particles and advection with the collidable velocity, particles kept on
//                their side of every surface (Sec. 3.3); a gas: collidable semi-Lagrangian
//                advection of its velocity, smoke and temperature (Sec. 2.4)
#include <string>
#include <vector>

#include "ripple/coupling/coupler.hpp"
#include "ripple/coupling/slip/slip_projection.hpp"
#include "ripple/coupling/slip/slip_settings.hpp"
#include "ripple/world/stats_fields.hpp"

namespace ripple {

/// What one slip substep reports.
struct SlipStepReport {
  SlipProjectionResult projection;
  int64_t occluded_faces = 0;
  int64_t surface_triangles = 0;
  int64_t particles_removed = 0;
};

/// Advances liquid and solids by dt (s) from world.time; `upper` keeps the occluded faces'
/// upper samples. Does not advance the clock.
SlipStepReport slip_step(World& world, const SlipSettings& settings, double dt, UpperSamples& upper,
                         const StepContext& ctx);

/// The entries SlipCoupler::write_frame_stats adds to a stats line.
std::vector<StatsField> slip_stats_fields();

class SlipCoupler final : public Coupler {
 public:
  explicit SlipCoupler(const SlipSettings& settings) : settings_(settings) {}
  std::string name() const override { return "slip"; }
  void prepare(World& world) override;
  /// The closed bodies' cells where the checkpoint put them (prepare marked them at the start).
  void after_load(World& world) override { prepare(world); }
  void step(World& world, double dt, const StepContext& ctx) override;
  void write_frame_stats(const World& world, const FrameLog& log, nlohmann::json& stats) override;

 private:
  SlipSettings settings_;
  UpperSamples upper_;
  /// One frame's figures, over its substeps (written and reset by write_frame_stats).
  struct FrameFigures {
    int64_t occluded_faces_max = 0, constraints_max = 0, unknowns_max = 0, pinned_regions_max = 0;
    double divergence_max = 0.0, normal_mismatch_max = 0.0, ghost_divergence_max = 0.0;
  } frame_;
};

}  // namespace ripple
