#pragma once
// Contact between the coupled bodies (the cut-cell coupling's solid-solid contact; the paper
// only corrects against the boundary). The solids' own IPC model (Li et al. 2020) is used as a
// filter on the explicit move of Eq. 34 (Zarifi & Batty 2017): from the intersection-free start
// z0, projected Newton with the CCD-filtered line search minimises
//   1/2 |z - z*|_M^2 + 1/2 dt (dt + tau_k) |z - z*|_K^2 + dt^2 kappa B(z)
//   (+ lagged friction, + the rigid bodies' orthogonality potential),
// z* the moved coordinates and K the volumes' corotated stiffness there (their implicit response
// to the correction, as in the projection), so the bodies end as near their move as the barrier allows and
// never intersect; the change becomes a velocity change (z - z*)/dt (inelastic). Pairs already
// in contact at the step's start add the solids' lagged Coulomb friction (IPC, Sec. 5).
// Pairs the barrier pushed apart are held through the step's projection like wall contacts,
// so a soft body's interior is stopped with its surface. Walls and obstacles are not part of
// this filter: they keep the explicit correction of solid_motion.
#include <limits>
#include <vector>

#include "ripple/coupling/cutcell/cutcell_state.hpp"
#include "ripple/solver/newton_solver.hpp"

namespace ripple {

struct BodyContactReport {
  bool filtered = false;   ///< the move came within dhat of a contact, and Newton ran
  NewtonResult newton;
  int pairs = 0;           ///< pairs within dhat after the filter
  int held = 0;            ///< of those, pairs the filter pushed apart (held in the projection)
  double min_gap = std::numeric_limits<double>::infinity();  ///< m, over the pairs within dhat
};

/// The coupled bodies' part of the model's collision mesh: walls, obstacles and other
/// uncoupled bodies removed (their primitives dropped, their vertices not collidable).
CollisionMesh coupled_collision_mesh(const SolidModel& model, const CoupledSolids& cs);

/// Filters the move z0 -> z of the coupled bodies for contact between them. `q` (the velocity
/// unknowns the move used) gets the change (z_filtered - z)/dt; `kappa` (J/m^2, 0 = choose) is
/// the barrier stiffness, adapted and kept across steps; held pairs are appended to `held`.
/// `lagged`: last step's held pairs with the normal force their hold carried in the projection;
/// those still within dhat at z0 resist sliding with mu times that force (the barrier carries
/// little of a resting contact's load: the hold does).
/// dhat (m) is the barrier's activation distance, friction_velocity (m/s) the sliding speed below
/// which friction is smoothed (the bodies' `friction` coefficients apply). Throws SimulationError when z0 already
/// intersects (the filter needs a valid start).
BodyContactReport filter_body_contact(const SolidModel& model, const CoupledSolids& cs, const CollisionMesh& mesh,
                                      double dhat, double friction_velocity, const NewtonSettings& newton, double dt,
                                      const VectorX& z0, VectorX& z, VectorX& q, double& kappa,
                                      const std::vector<HeldContact>& lagged, std::vector<HeldContact>& held);

}  // namespace ripple
