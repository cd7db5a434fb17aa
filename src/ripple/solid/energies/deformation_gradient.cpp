#include "ripple/solid/energies/deformation_gradient.hpp"

#include <Eigen/LU>

namespace ripple {
namespace {

template <int C>
void fill_dF_dx(ElementRest<C>& r) {
  r.dF_dx.setZero();
  for (int j = 0; j < C; ++j) {      // column of F
    double sum = 0.0;
    for (int k = 0; k < C; ++k) {    // edge k = x_{k+1} - x_0
      const double c = r.dm_inv(k, j);
      sum += c;
      for (int i = 0; i < 3; ++i) r.dF_dx(i + 3 * j, 3 * (k + 1) + i) = c;
    }
    for (int i = 0; i < 3; ++i) r.dF_dx(i + 3 * j, i) = -sum;
  }
}

}  // namespace

ElementRest<3> tet_rest(const Vec3& x0, const Vec3& x1, const Vec3& x2, const Vec3& x3) {
  ElementRest<3> r;
  Mat3 dm;
  dm << x1 - x0, x2 - x0, x3 - x0;
  r.measure = dm.determinant() / 6.0;
  r.dm_inv = dm.inverse();
  fill_dF_dx(r);
  return r;
}

ElementRest<2> triangle_rest(const Vec3& x0, const Vec3& x1, const Vec3& x2) {
  ElementRest<2> r;
  const Vec3 e1 = x1 - x0, e2 = x2 - x0;
  const Vec3 u = e1.normalized();
  const Vec3 n = e1.cross(e2);
  const Vec3 w = n.cross(u).normalized();  // in-plane, orthogonal to u
  Eigen::Matrix2d dm;
  dm << e1.dot(u), e2.dot(u), e1.dot(w), e2.dot(w);
  r.measure = 0.5 * n.norm();
  r.dm_inv = dm.inverse();
  fill_dF_dx(r);
  return r;
}

}  // namespace ripple
