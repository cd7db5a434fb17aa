#pragma once
// Remeshing the membrane each substep (Ruan et al. 2021, Fig. 7 step 6; the local operations of
// El Topo, Brochu & Bridson 2009): edges longer than 1.5 times the target length are split at
// their midpoint, edges between free particles shorter than half of it are collapsed where the
// surface stays a manifold and no triangle turns over, and edges whose two triangles are nearly
// flat and not Delaunay are flipped. The wall triangles keep their shape (their particles only
// gain midpoints on the walls' planes). The topology of the surface does not change: no merging
// or pinching yet. New particles take the mean velocity of the edge's ends.
#include "ripple/coupling/membrane/liquid_membrane.hpp"

namespace ripple {

struct RemeshCounts {
  int splits = 0;
  int collapses = 0;
  int flips = 0;
};

/// Remeshes toward edges of `target` (m).
RemeshCounts remesh_membrane(LiquidMembrane& membrane, double target);

}  // namespace ripple
