#pragma once
// coupling.method = "cutcell": "A Positive-Definite Cut-Cell Method for Strong Two-Way
// Coupling Between Fluids and Deformable Bodies" (Zarifi & Batty 2017), Algorithm 1, extended
// to rigid bodies through a 6-DOF Jacobian. One step reads as the paper's phases:
//   solid_motion    x += dt v (Eq. 34), explicit contact correction with walls and obstacles
//   cut_cells       solid signed distance, face fractions, the surface cut by the cells
//   liquid          particles to grid, explicit gravity (the shared liquid phases)
//   projection      pressures and solid velocities in one solve (Eq. 19 or 33), Eq. 20
//   liquid          volume correction, extrapolation, grid to particles, particle advection
#include <limits>
#include <string>
#include <vector>

#include "ripple/coupling/coupler.hpp"
#include "ripple/coupling/cutcell/coupled_projection.hpp"
#include "ripple/coupling/cutcell/solid_motion.hpp"
#include "ripple/world/stats_fields.hpp"

namespace ripple {

struct CutCellStepReport {
  CutCellProjectionReport projection;
  SolidMotionReport motion;
  int64_t particles_removed = 0;
};

/// Builds cc.solids (the coupled unknowns) from world.lagrangian.
void initialise_cutcell(World& world, CutCellCouplingState& cc);

/// Advances liquid and coupled bodies by dt (s) from world.time: the phases above. Does not
/// advance the clock.
CutCellStepReport cutcell_step(World& world, CutCellCouplingState& cc, double dt, PhaseTimings& timings);

/// The entries CutCellCoupler::write_frame_stats adds to a stats line.
std::vector<StatsField> cutcell_stats_fields();

class CutCellCoupler final : public Coupler {
 public:
  explicit CutCellCoupler(const CutCellSettings& settings) { state.settings = settings; }
  std::string name() const override { return "cutcell"; }
  SolidExtension solid_extension() const override { return SolidExtension::extrapolate; }
  void prepare(World& world) override;
  void step(World& world, double dt, const StepContext& ctx) override;
  void write_frame_stats(const World& world, const FrameLog& log, nlohmann::json& stats) override;
  const ScalarGrid* body_phi() const override { return state.body_phi.size() > 0 ? &state.body_phi : nullptr; }
  void save(BinaryWriter& out) const override;
  void load(BinaryReader& in) override;
  /// The cut cells of the bodies where the checkpoint put them (prepare made them at the start).
  void after_load(World& world) override;

  CutCellCouplingState state;

 private:
  /// One frame's figures, over its substeps (written and reset by write_frame_stats).
  struct FrameFigures {
    std::string solver;             ///< e.g. "cg+ic"
    double coupled_residual_max = 0.0;
    int64_t fluid_unknowns_max = 0, solid_unknowns = 0, nonzeros_max = 0, pieces_max = 0;
    double alpha = 0.0;             ///< last substep's solid-row scale (Eq. 33)
    int64_t corrected_vertices = 0; ///< explicit wall/obstacle corrections, summed
    // Contact between the coupled bodies (body_contact.hpp).
    int64_t contact_steps = 0;      ///< substeps whose move was filtered
    int64_t contact_pairs_max = 0, contact_held_max = 0, contact_newton_max = 0;
    int64_t contact_unconverged = 0;  ///< filters that hit Newton's iteration cap
    double contact_min_gap = std::numeric_limits<double>::infinity();  ///< m
    std::vector<Vec3> body_force;   ///< N, the liquid's force on each coupled body, last substep
  } frame_;
  std::vector<std::string> body_names_;  ///< of the coupled bodies, in state.solids.bodies order
};

}  // namespace ripple
