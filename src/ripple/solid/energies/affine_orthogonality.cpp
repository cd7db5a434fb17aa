#include "ripple/solid/energies/affine_orthogonality.hpp"

#include "ripple/solid/psd_projection.hpp"

namespace ripple {

Derivatives<9> orthogonality_potential(const Mat3& A, bool project) {
  const Mat3 G = A.transpose() * A - Mat3::Identity();  // G_ij = a_i . a_j - delta_ij
  Derivatives<9> d;
  d.value = G.squaredNorm();
  Mat3 outer = Mat3::Zero();  // sum_j a_j a_j^T
  for (int j = 0; j < 3; ++j) outer += A.col(j) * A.col(j).transpose();
  for (int k = 0; k < 3; ++k) {
    Vec3 g = Vec3::Zero();
    for (int j = 0; j < 3; ++j) g += 4.0 * G(k, j) * A.col(j);
    d.gradient.segment<3>(3 * k) = g;
    for (int l = 0; l < 3; ++l) {
      Mat3 h = 4.0 * (G(k, l) * Mat3::Identity() + A.col(l) * A.col(k).transpose());
      if (k == l) h += 4.0 * outer;
      d.hessian.block<3, 3>(3 * k, 3 * l) = h;
    }
  }
  if (project) d.hessian = project_psd<9>(d.hessian);
  return d;
}

}  // namespace ripple
