#pragma once
// coupling.method = "membrane": the liquid's free surface as a Lagrangian membrane carrying the
// surface tension, coupled to the grid liquid (Ruan et al. 2021). One substep reads as the
// paper's prediction-correction scheme (Fig. 7) for the liquid and its membrane:
//   advection solve   the F-M system (Eq. 19) without surface tension: a divergence-free
//                     advection velocity for the grid and the membrane (steps 1-4)
//   advection         the membrane's particles and the grid velocity move by it (step 5)
//   remesh            edges split, collapsed and flipped toward the target length, the
//                     enclosed volume restored (step 6)
//   cells             the cells re-sorted into liquid and air from the moved membrane (step 6)
//   correction solve  gravity, then the F-M system with the capillary forces and their
//                     implicit stiffness: the new grid and membrane velocities (step 7)
// Rigid bodies (the scene's `rigid` solids) move by their velocities (Eq. 29), the particles
// touching them with them; their velocities come from the correction solve (Eq. 27-28), less
// the impulses of their contacts with the walls and each other at the step's start. The
// state between steps is the membrane (positions, velocities, triangles, contacts),
// checkpointed; the grid's level set is rebuilt from it, the bodies' state lives in the solids'.
#include <string>
#include <vector>

#include "ripple/coupling/coupler.hpp"
#include "ripple/coupling/membrane/liquid_membrane.hpp"
#include "ripple/coupling/membrane/membrane_settings.hpp"
#include "ripple/solid/rigid_body.hpp"
#include "ripple/world/stats_fields.hpp"

namespace ripple {

/// The entries MembraneCoupler::write_frame_stats adds to a stats line.
std::vector<StatsField> membrane_stats_fields();

class MembraneCoupler final : public Coupler {
 public:
  explicit MembraneCoupler(const MembraneSettings& settings) : settings_(settings) {}
  std::string name() const override { return "membrane"; }
  void prepare(World& world) override;
  /// Refuses a start with no liquid cell outside the rigid bodies (exit 2).
  void check_start(const World& world) const override;
  void step(World& world, double dt, const StepContext& ctx) override;
  /// The membrane itself (built from the seeded liquid at frame 0).
  std::optional<TriangleMesh> liquid_surface(World& world) override {
    ensure_membrane(world);
    return membrane_.mesh();
  }
  void write_frame_stats(const World& world, const FrameLog& log, nlohmann::json& stats) override;
  void save(BinaryWriter& out) const override;
  void load(BinaryReader& in) override;

  /// The membrane (empty before the first step of a fresh run).
  const LiquidMembrane& membrane() const { return membrane_; }

 private:
  /// Builds the membrane from the liquid's level set at the first step (a fresh run).
  void ensure_membrane(World& world);

  /// How near (m) a particle comes to a body to touch it: a tenth of a cell (Sec. 5.2).
  double contact_reach(const GridGeometry& grid) const;
  /// How near (m) a particle comes to a wall to join it: a hundredth of a cell (nearer joins, as
  /// the surface a flow presses on a wall would, made thin tongues of membrane climb wetting
  /// walls, joining each film above the contact line).
  double wall_reach(const GridGeometry& grid) const;

  MembraneSettings settings_;
  LiquidMembrane membrane_;
  std::vector<int> model_body_;   ///< the solids' model body of each rigid body
  std::vector<int> scene_solid_;  ///< and its index among the scene's solids
  std::vector<RigidBody> bodies_; ///< the scene's rigid solids, read from and written to the solids' state each step
  double initial_volume_ = 0.0;  ///< m^3, enclosed by the membrane when it was built
  struct FrameFigures {
    int64_t advection_iterations = 0, correction_iterations = 0;
    int64_t unreached_faces_max = 0;
    int64_t surface_faces_max = 0;
    int64_t free_particles = 0;
    int64_t line_particles = 0;
    int64_t wall_joins = 0;
    double volume_offset_max = 0.0;
    int64_t splits = 0, collapses = 0, flips = 0;
    int64_t contacts_max = 0;
    int64_t body_contacts_max = 0;  ///< body samples against walls or other bodies (membrane_body_contact)
    std::vector<Vec3> adhesion;  ///< N, per body, last substep
  } frame_;
};

}  // namespace ripple
