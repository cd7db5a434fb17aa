#pragma once
// coupling.method = "monolith": ElastoMonolith (Takahashi & Batty 2022), Algorithm 1, for an
// inviscid or viscous liquid and rigid bodies so far. One step reads as the paper's phases:
//   liquid          particles to grid, gravity, viscosity (the shared liquid phases; the
//                   viscosity is solved on its own before the monolithic solve, not yet with it)
//   contacts        the bodies' points near the walls and obstacles (Sec. 3.5)
//   monolithic      pressures, contact forces and the bodies' velocities in one MPRGP solve
//                   (monolithic_solve.hpp)
//   liquid          grid to particles, particle advection (out of the bodies)
//   bodies          positions from the new velocities
// The rigid bodies' state lives in the solids' affine coordinates (so output, stats and
// checkpoints treat them as every method does); each step reads them as rigid bodies with six
// velocities and writes them back.
#include <string>
#include <vector>

#include "ripple/coupling/coupler.hpp"
#include "ripple/coupling/monolith/monolith_settings.hpp"
#include "ripple/coupling/monolith/monolithic_solve.hpp"
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
  void write_frame_stats(const World& world, const FrameLog& log, nlohmann::json& stats) override;
  const ScalarGrid* body_phi() const override { return body_phi_.size() > 0 ? &body_phi_ : nullptr; }

 private:
  /// The coupled bodies from the solids' state (positions, velocities).
  void read_bodies(const World& world);
  /// Their positions and velocities back into the solids' state.
  void write_bodies(World& world) const;
  /// body_phi_ at the grid's nodes near the bodies.
  void update_body_phi(const World& world);

  MonolithSettings settings_;
  std::vector<int> model_body_;                ///< the solids' model body of each coupled body
  std::vector<RigidBody> bodies_;              ///< rigid view of them (shape, mass, friction kept)
  ScalarGrid body_phi_;                        ///< m, at nodes: the bodies' signed distance
  bool obstacles_only_ = false;                ///< the solid boundary holds the obstacles alone
  struct FrameFigures {
    int64_t solves = 0, iterations = 0, iterations_max = 0;
    int contacts_max = 0;
    int64_t pressure_unknowns_max = 0;
    double divergence_max = 0.0;
    std::vector<Vec3> contact_force;  ///< N, per body, last substep
  } frame_;
};

}  // namespace ripple
