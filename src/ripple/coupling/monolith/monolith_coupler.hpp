#pragma once
// coupling.method = "monolith": ElastoMonolith (Takahashi & Batty 2022), Algorithm 1, for an
// inviscid or viscous liquid, rigid bodies and elastic volumes. One step reads as the paper's
// phases:
//   liquid          particles to grid, gravity (the shared liquid phases)
//   elastic         the volumes' surface cut by the cells, the faces inside them (F_e,p)
//   contacts        the bodies' points and the volumes' surface vertices near the walls,
//                   obstacles, rigid bodies and volumes' surfaces (Sec. 3.5)
//   monolithic      pressures, viscous stresses, contact forces and the bodies' velocities
//                   in one MPRGP solve per Newton iteration over the volumes
//                   (monolithic_newton.hpp)
//   bodies          positions from the new velocities
//   liquid          grid to particles, particle advection (out of the bodies)
// The rigid bodies' state lives in the solids' affine coordinates (so output, stats and
// checkpoints treat them as every method does); each step reads them as rigid bodies with six
// velocities and writes them back.
#include <string>
#include <vector>

#include "ripple/coupling/coupler.hpp"
#include "ripple/coupling/monolith/monolith_settings.hpp"
#include "ripple/coupling/monolith/monolithic_newton.hpp"
#include "ripple/world/stats_fields.hpp"

namespace ripple {

/// The entries MonolithCoupler::write_frame_stats adds to a stats line.
std::vector<StatsField> monolith_stats_fields();

class MonolithCoupler final : public Coupler {
 public:
  explicit MonolithCoupler(const MonolithSettings& settings) : settings_(settings) {}
  std::string name() const override { return "monolith"; }
  SolidExtension solid_extension() const override { return SolidExtension::extrapolate; }
  void prepare(World& world) override;
  void step(World& world, double dt, const StepContext& ctx) override;
  /// Solids without liquid are stepped by the same Newton iteration and QP (the paper's
  /// solid-only scenes, Fig. 3 and 5): the elastic volumes, rigid bodies and their contacts.
  bool steps_dry_solids() const override { return true; }
  void write_frame_stats(const World& world, const FrameLog& log, nlohmann::json& stats) override;
  /// Nothing of its own is saved: the state lives in the solids' coordinates; after a resume
  /// the bodies' signed distances are recomputed from the state read.
  void load(BinaryReader&) override {}
  /// The bodies' distance and the solid boundary where the checkpoint put the bodies.
  void after_load(World& world) override;
  const ScalarGrid* body_phi() const override { return body_phi_.size() > 0 ? &body_phi_ : nullptr; }

 private:
  /// The coupled bodies from the solids' state (positions, velocities).
  void read_bodies(const World& world);
  /// Their positions and velocities back into the solids' state.
  void write_bodies(World& world) const;
  /// The solid boundary of the obstacles alone (prepare put the bodies in it for the seeding).
  void drop_bodies_from_boundary(World& world);
  /// body_phi_ at the grid's nodes near the bodies.
  void update_body_phi(const World& world);
  /// The step of a world without liquid: the bodies and volumes alone through the same solve.
  void step_dry(World& world, double dt, const StepContext& ctx);
  /// The elastic geometry at the step's start (`grid`, the elastic volumes' distance at its
  /// nodes) and the contacts over the step; begins the volumes' step.
  ElasticBlock begin_elastic_step(const World& world, double dt, const GridGeometry& grid, const ScalarGrid& phi,
                                  std::vector<SolidContact>& contacts, const StepContext& ctx);
  /// One step's Newton iteration and QP over `liquid` (no liquid: an empty grid).
  MonolithicNewtonReport solve(const World& world, LiquidState& liquid, const std::vector<SolidContact>& contacts,
                               const SolidBoundary* obstacles, FaceFlags* valid, ElasticBlock* elastic, double dt,
                               const StepContext& ctx);
  /// Checks the solve (exit 3 where it failed), records its figures, writes the volumes' new
  /// state and advances the rigid bodies' positions.
  void finish_solve(World& world, const MonolithicNewtonReport& report, const std::vector<SolidContact>& contacts,
                    double dt, const StepContext& ctx);

  MonolithSettings settings_;
  std::vector<int> model_body_;                ///< the solids' model body of each coupled body
  std::vector<int> scene_solid_;               ///< and its index among the scene's solids
  std::vector<RigidBody> bodies_;              ///< rigid view of them (shape, mass, friction kept)
  std::unique_ptr<ElasticVolumes> elastic_;   ///< the elastic volumes (null: none)
  ScalarGrid body_phi_;                        ///< m, at nodes: the bodies' signed distance (rigid and elastic)
  ScalarGrid elastic_phi_;                     ///< m, at nodes: the elastic volumes' alone (empty: none)
  bool obstacles_only_ = false;                ///< the solid boundary holds the obstacles alone
  struct FrameFigures {
    int64_t solves = 0, iterations = 0, iterations_max = 0;
    int contacts_max = 0;
    int64_t pressure_unknowns_max = 0;
    double divergence_max = 0.0;
    int64_t newton_iterations = 0;
    int newton_iterations_max = 0;
    int newton_unconverged = 0;
    int64_t elastic_unknowns = 0;
    std::vector<Vec3> contact_force;  ///< N, per body, last substep
  } frame_;
};

}  // namespace ripple
