#pragma once
// Broad phase: primitive pairs whose (swept, inflated) bounding boxes overlap, found with a
// uniform spatial hash (sorted cell keys), and a brute-force oracle the tests compare it to.
#include "ripple/contact/collision_mesh.hpp"

namespace ripple {

/// Pairs that may come within `inflation` (m) of each other, beyond their thickness offsets,
/// while every vertex moves linearly from x0 to x1 (#V*3 each; pass x1 = x0 for a static
/// query). Pairs sharing a vertex, pairs inside one body without self contact and pairs of
/// only fixed vertices are left out. The result is sorted (deterministic).
Candidates find_candidates(const CollisionMesh& mesh, const VectorX& x0, const VectorX& x1, double inflation);

/// The same set by testing every pair (O(n^2)); for tests only.
Candidates find_candidates_brute_force(const CollisionMesh& mesh, const VectorX& x0, const VectorX& x1,
                                       double inflation);

}  // namespace ripple
