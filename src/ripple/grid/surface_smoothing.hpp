#pragma once
// Output-only smoothing of the extracted liquid surface. The simulation's level set is left as
// it is (smoothing it erodes thin sheets and breaks the still tank's exact equilibrium); only
// the exported mesh and the preview are smoothed.
#include "ripple/core/triangle_mesh.hpp"

namespace ripple {

/// Taubin's lambda|mu filter (Taubin 1995, "A signal processing approach to fair surface
/// design", Sec. 4): each iteration moves every vertex by lambda times its umbrella Laplacian
/// (uniform weights), then by mu; with lambda = 0.5, mu = -0.53 this removes facet-scale
/// noise without the shrinking of plain Laplacian smoothing. Vertices lying on a face of
/// `walls` (within 1e-9 of its size) do not move, so the caps on the domain walls and their
/// rims keep their shape. Topology is unchanged.
void taubin_smooth(TriangleMesh& mesh, int iterations, const Aabb& walls, double lambda = 0.5, double mu = -0.53);

}  // namespace ripple
