#pragma once
// Step 5 of Algorithm 1 (Zarifi & Batty 2017, Sec. 7): the solid's signed distance at the
// grid's nodes (obstacles and coupled bodies together), the fluid face fractions from it with
// the paper's clamping (below 0.01 closed, above 0.99 open), and the coupled bodies' surface
// cut by the cells.
#include "ripple/coupling/cutcell/cutcell_state.hpp"
#include "ripple/world/world.hpp"

namespace ripple {

/// Updates world.solids (node_phi, face_open; obstacles' face velocities) and
/// world.cutcell (body_phi, pieces) for the bodies' current positions and obstacles at time t.
void update_cut_cell_boundary(World& world, CutCellCouplingState& cc, double t);

/// The coupled bodies' velocity at the faces they close in part (faces with a node inside a
/// body), from the nearest cut piece's centroid within a cell (Eq. 12), written into
/// world.solids.velocity. Faces with no piece that near (deep inside a body) are listed in
/// `unset` (flag 1) so that velocity extrapolation fills them. q: the coupled unknowns.
void set_body_face_velocities(World& world, const CutCellCouplingState& cc, const VectorX& q,
                              std::array<Array3<uint8_t>, 3>& unset);

/// The no-slip comparison variant (coupling.cutcell.slip = "no_slip"; not the paper's method):
/// every face of a cell the bodies' surface cuts takes the body's full velocity (tangential
/// too) in liquid.velocity, from the nearest piece. Returns the faces set.
int64_t impose_no_slip(World& world, const CutCellCouplingState& cc, const VectorX& q);

}  // namespace ripple
