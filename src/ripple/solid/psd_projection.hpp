#pragma once
// Projection of a symmetric matrix onto the positive semi-definite cone (negative eigenvalues
// clamped to zero), the per-element step of projected Newton (Teran et al. 2005).
#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>

namespace ripple {

template <int N>
Eigen::Matrix<double, N, N> project_psd(const Eigen::Matrix<double, N, N>& h) {
  const Eigen::Matrix<double, N, N> sym = 0.5 * (h + h.transpose());
  // Most element Hessians are already PSD: a Cholesky of sym + tiny shift proves it cheaply.
  const double shift = 1e-12 * sym.diagonal().cwiseAbs().maxCoeff();
  Eigen::LLT<Eigen::Matrix<double, N, N>> llt(sym + shift * Eigen::Matrix<double, N, N>::Identity());
  if (llt.info() == Eigen::Success) return sym;
  Eigen::SelfAdjointEigenSolver<Eigen::Matrix<double, N, N>> eig(sym);
  if (eig.eigenvalues().minCoeff() >= 0.0) return sym;
  const Eigen::Matrix<double, N, 1> clamped = eig.eigenvalues().cwiseMax(0.0);
  return eig.eigenvectors() * clamped.asDiagonal() * eig.eigenvectors().transpose();
}

}  // namespace ripple
