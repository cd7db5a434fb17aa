#pragma once
// Deformation gradients of linear elements and their (constant) derivative with respect to
// the element's vertex positions. F = Ds Dm^-1 with Ds the current edge vectors from vertex 0
// (Sifakis & Barbic 2012). Triangles live in 3D: their rest edges are expressed in a 2D
// frame of the rest triangle, so F is 3 x 2. vec(F) is column-major.
#include <Eigen/Core>

#include "ripple/core/types.hpp"

namespace ripple {

/// Rest data of an element with C = 2 (triangle) or 3 (tet) edge columns.
template <int C>
struct ElementRest {
  Eigen::Matrix<double, C, C> dm_inv;                  ///< inverse rest edge matrix
  Eigen::Matrix<double, 3 * C, 3 * (C + 1)> dF_dx;     ///< d vec(F) / d x
  double measure = 0.0;                                ///< rest area (m^2) or volume (m^3)
};

/// Rest data of a tetrahedron (x0..x3); measure is the signed rest volume.
ElementRest<3> tet_rest(const Vec3& x0, const Vec3& x1, const Vec3& x2, const Vec3& x3);
/// Rest data of a triangle (x0..x2) in 3D; measure is the rest area.
ElementRest<2> triangle_rest(const Vec3& x0, const Vec3& x1, const Vec3& x2);

/// F of an element with current vertex positions stacked in x (3(C+1)).
template <int C>
Eigen::Matrix<double, 3, C> deformation_gradient(const ElementRest<C>& rest,
                                                 const Eigen::Matrix<double, 3 * (C + 1), 1>& x) {
  Eigen::Matrix<double, 3, C> ds;
  for (int k = 0; k < C; ++k) ds.col(k) = x.template segment<3>(3 * (k + 1)) - x.template segment<3>(0);
  return ds * rest.dm_inv;
}

}  // namespace ripple
