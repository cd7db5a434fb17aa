#pragma once
// The weight matrix W of the barrier method's velocity correction (Liu et al. 2025, Eq. 23,
// after Robinson-Mosher et al. 2008): a grid face near contact takes the velocity
// u_f = sum_v W_fv v_v of the solid vertices whose elements overlap a box centred on the face.
// Each vertex weighs the summed overlap of its incident elements with the box: triangles by
// clipped area, rod edges (edges of no triangle) by clipped length x diameter, free points
// by a small nominal area; each row is normalised to 1.
#include <utility>
#include <vector>

#include "ripple/contact/collision_mesh.hpp"

namespace ripple {

struct FaceWeights {
  std::vector<std::pair<int, double>> vertices;  ///< (vertex, weight), weights summing to 1; empty: no solid near
};

/// Eq. 23: the face's velocity along `axis`, sum_v W_fv v_v, for vertex velocities v (#V*3).
double face_velocity(const FaceWeights& row, int axis, const VectorX& v);

/// Rows of W for faces centred at `face_centres` with boxes of half width `half_size` (m);
/// `x` holds the vertex positions (#V*3).
std::vector<FaceWeights> face_velocity_weights(const CollisionMesh& mesh, const VectorX& x,
                                               const std::vector<Vec3>& face_centres, double half_size);

}  // namespace ripple
