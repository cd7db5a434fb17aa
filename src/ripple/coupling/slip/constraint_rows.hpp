#pragma once
// The slip projection's constraints as rows of C^T v = b over its velocity unknowns and the
// solids' (columns after the liquid's): the divergence of every liquid cell with the modified
// flux through occluded faces (Sec. 4) and of every ghost cell (Sec. 3.2), in volume flux (m^3/s);
// then one slip row N^T W v = N^T J V_s per liquid side of an occluded face (Eq. 7, 11) with the
// one-sided stencil W of Fig. 3c, times dx^2; with no-slip, the axial rows and the cells'
// tangential rows instead.
#include <vector>

#include "ripple/coupling/slip/projection_unknowns.hpp"

namespace ripple {

struct ConstraintRows {
  SparseMatrix ct;                ///< rows x (liquid unknowns + solid unknowns)
  SparseMatrix ctt;               ///< its transpose (column r holds row r)
  VectorX b;
  int64_t slip_row0 = 0;          ///< first slip row (after the real and the ghost cells')
  int64_t tangent_row0 = 0;       ///< first no-slip tangential row
  /// One row of each region of liquid and ghost cells that no free surface or open side
  /// reaches: its pressure is fixed only up to a constant.
  std::vector<int64_t> floating;
  int64_t rows() const { return b.size(); }
};

/// The rows; `solid_velocity` is J V_s per occluded face, whose terms are the columns after the
/// liquid's (`solid_unknowns` of them).
ConstraintRows assemble_constraint_rows(const ProjectionUnknowns& unknowns,
                                        const std::vector<FaceSolidVelocity>& solid_velocity,
                                        const SlipProjectionParams& params, int64_t solid_unknowns);

}  // namespace ripple
