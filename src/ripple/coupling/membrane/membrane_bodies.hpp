#pragma once
// The membrane against rigid bodies (Ruan et al. 2021, Sec. 5.2 and Fig. 7 steps 2-3): which
// cells lie inside a body, which particles touch one (the contact set C: within a tenth of a
// cell of its surface, projected onto it, and dropped again when none of their neighbours
// touches), how contact particles ride with their body, and the membrane's capillary
// pull on the bodies through them (the adhesion force, Eq. 20).
#include <vector>

#include "ripple/coupling/membrane/liquid_membrane.hpp"
#include "ripple/solid/rigid_body.hpp"

namespace ripple {

/// For each cell, the body whose inside holds its centre, or -1.
Array3<int> cells_in_bodies(const std::vector<RigidBody>& bodies, const GridGeometry& grid);

/// Raises phi (m, at cell centres) to at least minus each body's distance: no liquid inside a body.
void keep_liquid_out_of_bodies(const std::vector<RigidBody>& bodies, const GridGeometry& grid, ScalarGrid& phi);

/// Sorts the particles off the walls into contact and free (Sec. 5.2 rules 2 and 3): a particle
/// within `reach` (m) of a body or inside it takes that body and is projected onto its surface
/// (Fig. 7 step 2), slid beside the contact sheet when it joins it from over the sheet; one
/// whose neighbours touch no body is free again. Returns the contact particles.
int64_t update_contact_particles(LiquidMembrane& membrane, const std::vector<RigidBody>& bodies, double reach);

/// Moves each contact particle with its body from `before` to `after` (the same bodies at two
/// times), and gives it the body's velocity there.
void carry_contact_particles(LiquidMembrane& membrane, const std::vector<RigidBody>& before,
                             const std::vector<RigidBody>& after);

/// The adhesion force and torque (N, N m about each centre of mass) of the capillary forces
/// `fc` on the contact particles (Eq. 20).
void adhesion_on_bodies(const LiquidMembrane& membrane, const std::vector<Vec3>& fc, const std::vector<RigidBody>& bodies,
                        std::vector<Vec3>& force, std::vector<Vec3>& torque);

}  // namespace ripple
