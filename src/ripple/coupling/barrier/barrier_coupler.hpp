#pragma once
// coupling.method = "barrier" (Liu et al. 2025): shells, rods, volumes and rigid bodies
// coupled two ways with a level-set liquid by one optimisation with a barrier that keeps every
// solid point out of the liquid (barrier_step.hpp).
#include <limits>

#include "ripple/coupling/barrier/barrier_step.hpp"
#include "ripple/coupling/coupler.hpp"
#include "ripple/world/stats_fields.hpp"

namespace ripple {

/// The entries BarrierCoupler::write_frame_stats adds to a stats line.
std::vector<StatsField> barrier_stats_fields();

class BarrierCoupler final : public Coupler {
 public:
  explicit BarrierCoupler(const BarrierSettings& settings) { state.settings = settings; }
  std::string name() const override { return "barrier"; }
  void check_start(const World& world) const override;
  std::vector<std::string> start_warnings(const World& world) const override;
  double stable_time_step(const World& world) const override;
  void step(World& world, double dt, const StepContext& ctx) override;
  void write_frame_stats(const World& world, const FrameLog& log, nlohmann::json& stats) override;
  void save(BinaryWriter& out) const override;
  void load(BinaryReader& in) override;

  BarrierCouplingState state;

 private:
  /// One frame's figures over its substeps (its Newton solves count in FrameLog's newton_*).
  struct FrameFigures {
    int unknowns_max = 0;                                       ///< level-set unknowns
    double min_gap = std::numeric_limits<double>::infinity();   ///< m, barrier's distance
    int64_t closed_faces = 0;
    double stiffness = 0.0;                                     ///< kg, last substep
    int64_t start_repairs = 0;    ///< vertices lifted out of the liquid at solve starts
    int64_t stencil_repairs = 0;  ///< frozen linear stencils re-taken where the trilinear field stopped a step
    int64_t start_stuck = 0;      ///< vertices starting inside with nothing to lift
    int64_t control_cells_kept = 0;  ///< level-set cells the volume control's guard put back near solid vertices
    VolumeBudget volume;          ///< m^3, summed
  } frame_;
};

}  // namespace ripple
