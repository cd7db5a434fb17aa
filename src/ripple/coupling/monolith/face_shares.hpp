#pragma once
// How the solids share each grid face with the liquid in the monolithic solve (Batty, Bertails
// & Bridson 2007's face fractions): the static solids' (walls, obstacles) open share, the rigid
// body covering most of the face and its share (from the body's signed distance over 4 x 4
// sub-squares), the elastic volumes' covered share, and what is left to the liquid.
#include <array>

#include "ripple/solid/rigid_body.hpp"
#include "ripple/fluid/solid_boundary.hpp"

namespace ripple {

struct FaceShares {
  std::array<ScalarGrid, 3> fluid;      ///< the liquid's share w in [0, 1]
  std::array<ScalarGrid, 3> body_part;  ///< the share s of the body covering most of the face
  std::array<Array3<int>, 3> body_of;   ///< that body's index (-1: none)
};

/// The static solids' open share of face f (coordinates I) of axis a: `obstacles`' face
/// fractions when it has them, else 0 on a closed domain side and 1 elsewhere.
double static_open_share(const SolidBoundary* obstacles, const WallSides& walls, const GridGeometry& g, int a,
                         int64_t f, const Vec3i& I);

/// Every face's shares; `covered` (optional, empty arrays: none) the elastic volumes' share of
/// each face. w = min(open, 1 - the bodies' shares together, 1 - covered): a face two touching
/// bodies share holds no liquid, though its flux carries the larger share's body alone.
FaceShares face_shares(const GridGeometry& g, const std::vector<RigidBody>& bodies, const SolidBoundary* obstacles,
                       const WallSides& walls, const std::array<ScalarGrid, 3>* covered);

}  // namespace ripple
