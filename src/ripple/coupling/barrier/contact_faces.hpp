#pragma once
// The Neumann faces of the barrier method's final projection (Liu et al. 2025, Sec. 4.3.6,
// Eq. 23): around every solid vertex within dhat of the liquid after the optimisation, the
// grid faces between a liquid and an air cell (within one cell of the vertex's dual cell)
// take the solid's velocity u_f = sum_v W_fv v_v, and are closed to the pressure solve.
#include <vector>

#include "ripple/contact/collision_mesh.hpp"
#include "ripple/coupling/barrier/face_velocity_weights.hpp"
#include "ripple/fluid/solid_boundary.hpp"
#include "ripple/grid/grid_geometry.hpp"

namespace ripple {

struct ContactFace {
  int axis = 0;
  Vec3i index = Vec3i::Zero();  ///< face index (lower side of cell `index` along axis)
  Vec3 centre = Vec3::Zero();   ///< m
};

/// Liquid-air faces near the vertices `contacting` (positions in x, #V*3), without repeats, in
/// a deterministic order. `phi` is cell-centred (negative in the liquid).
std::vector<ContactFace> find_contact_faces(const GridGeometry& grid, const ScalarGrid& phi, const VectorX& x,
                                            const std::vector<int>& contacting);

/// The liquid cell (full-grid index) beside face `index` of axis `a`, whose other cell is air:
/// the cell above the face (`index`) if it is liquid, else the one below; -1 if neither is.
int64_t liquid_cell_beside(const ScalarGrid& phi, int a, const Vec3i& index);

/// Closes the contact faces in `boundary` (open fraction 0) with velocity W v, W's rows from
/// face_velocity_weights with boxes of half width `half_size` (m); faces with no solid element
/// in their box stay as they are. Returns how many faces were closed; `rows` (optional) gets
/// W's rows, aligned with `faces` (empty for faces left open).
int close_contact_faces(SolidBoundary& boundary, const std::vector<ContactFace>& faces, const CollisionMesh& mesh,
                        const VectorX& x, const VectorX& vertex_velocity, double half_size,
                        std::vector<FaceWeights>* rows = nullptr);

}  // namespace ripple
