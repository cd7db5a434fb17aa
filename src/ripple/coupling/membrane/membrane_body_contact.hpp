#pragma once
// Contact of the membrane method's rigid bodies with each other and with the domain's walls.
// Ruan et al. 2021 leave solid-solid contact out; here it is the simple velocity-level
// treatment of rigid-body simulators (Guendelman, Bridson & Fedkiw 2003, Sec. 7): before the
// bodies move, each of a body's surface samples that would end the step inside a wall or
// another body gets an inelastic normal impulse, just enough to stop there (a body with a
// sample already inside is moved out by its depth, not pushed), with Coulomb
// friction up to mu times it (the pair's larger mu), the impulses found together by projected
// Gauss-Seidel sweeps.
// The step's solves then see the bodies' corrected velocities.
#include <cstdint>
#include <vector>

#include "ripple/grid/grid_geometry.hpp"
#include "ripple/solid/rigid_body.hpp"

namespace ripple {

/// Applies the contact impulses for a move of dt (s) to the bodies' velocities, and moves bodies
/// with samples inside a wall or another body out of it; `domain` is the
/// box of walls (closed on every side: the membrane method refuses open sides, and periodic
/// ones are for gases). Returns the contacts (a sample against a wall or a body) that took an impulse or were inside.
int64_t resolve_body_contacts(std::vector<RigidBody>& bodies, const GridGeometry& domain, double dt);

}  // namespace ripple
