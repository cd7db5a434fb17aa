#pragma once
// Projection of a symmetric matrix onto the positive semi-definite cone (negative eigenvalues
// clamped to zero), the per-element step of projected Newton (Teran et al. 2005).
#include <Eigen/Eigenvalues>

namespace ripple {

template <int N>
Eigen::Matrix<double, N, N> project_psd(const Eigen::Matrix<double, N, N>& h) {
  Eigen::SelfAdjointEigenSolver<Eigen::Matrix<double, N, N>> eig(0.5 * (h + h.transpose()));
  if (eig.eigenvalues().minCoeff() >= 0.0) return h;
  const Eigen::Matrix<double, N, 1> clamped = eig.eigenvalues().cwiseMax(0.0);
  return eig.eigenvectors() * clamped.asDiagonal() * eig.eigenvectors().transpose();
}

}  // namespace ripple
