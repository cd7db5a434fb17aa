#include "ripple/solid/energies/strain_energy.hpp"

#include <Eigen/SVD>
#include <cmath>

namespace ripple {
namespace {

using Vec9 = Eigen::Matrix<double, 9, 1>;
using Mat9 = Eigen::Matrix<double, 9, 9>;

Vec9 vec(const Mat3& m) { return Eigen::Map<const Vec9>(m.data()); }

}  // namespace

EnergyDensity<2> stvk_membrane_density(const Eigen::Matrix<double, 3, 2>& F, const Lame& lame) {
  EnergyDensity<2> d;
  const Eigen::Matrix2d E = 0.5 * (F.transpose() * F - Eigen::Matrix2d::Identity());
  const Eigen::Matrix2d S = 2.0 * lame.mu * E + lame.lambda * E.trace() * Eigen::Matrix2d::Identity();
  d.psi = lame.mu * E.squaredNorm() + 0.5 * lame.lambda * E.trace() * E.trace();
  const Eigen::Matrix<double, 3, 2> P = F * S;
  d.stress = Eigen::Map<const Eigen::Matrix<double, 6, 1>>(P.data());
  // dP = dF S + F (2 mu dE + lambda tr(dE) I), dE = (dF^T F + F^T dF) / 2: one column per dF.
  for (int k = 0; k < 6; ++k) {
    Eigen::Matrix<double, 3, 2> dF = Eigen::Matrix<double, 3, 2>::Zero();
    dF(k % 3, k / 3) = 1.0;
    const Eigen::Matrix2d dE = 0.5 * (dF.transpose() * F + F.transpose() * dF);
    const Eigen::Matrix<double, 3, 2> dP =
        dF * S + F * (2.0 * lame.mu * dE + lame.lambda * dE.trace() * Eigen::Matrix2d::Identity());
    d.stress_derivative.col(k) = Eigen::Map<const Eigen::Matrix<double, 6, 1>>(dP.data());
  }
  return d;
}

EnergyDensity<3> stable_neohookean_density(const Mat3& F, const Lame& lame) {
  const double mu = 4.0 / 3.0 * lame.mu;
  const double lambda = lame.lambda + 5.0 / 6.0 * lame.mu;
  const double alpha = 1.0 + 0.75 * mu / lambda;
  EnergyDensity<3> d;
  const double ic = F.squaredNorm();
  const Derivatives<9> det = triple_product(F.col(0), F.col(1), F.col(2));  // J and its derivatives
  const double J = det.value;
  // Minus the value at F = I, so that the rest state stores no energy.
  const double psi_rest = 0.5 * lambda * (1.0 - alpha) * (1.0 - alpha) - 0.5 * mu * std::log(4.0);
  d.psi = 0.5 * mu * (ic - 3.0) + 0.5 * lambda * (J - alpha) * (J - alpha) - 0.5 * mu * std::log(ic + 1.0) - psi_rest;
  const Vec9& g = det.gradient;  // dJ/dF: columns f1 x f2, f2 x f0, f0 x f1
  const Vec9 f = vec(F);
  d.stress = mu * (1.0 - 1.0 / (ic + 1.0)) * f + lambda * (J - alpha) * g;
  const Mat9& hj = det.hessian;
  d.stress_derivative = mu * (1.0 - 1.0 / (ic + 1.0)) * Mat9::Identity() +
                        (2.0 * mu / ((ic + 1.0) * (ic + 1.0))) * f * f.transpose() + lambda * g * g.transpose() +
                        lambda * (J - alpha) * hj;
  return d;
}

EnergyDensity<3> corotated_linear_density(const Mat3& F, const Mat3& R, const Lame& lame) {
  EnergyDensity<3> d;
  const double t = (R.transpose() * F).trace() - 3.0;
  d.psi = lame.mu * (F - R).squaredNorm() + 0.5 * lame.lambda * t * t;
  const Vec9 r = vec(R);
  d.stress = 2.0 * lame.mu * vec(F - R) + lame.lambda * t * r;
  d.stress_derivative = 2.0 * lame.mu * Mat9::Identity() + lame.lambda * r * r.transpose();
  return d;
}

Mat3 polar_rotation(const Mat3& F) {
  Eigen::JacobiSVD<Mat3> svd(F, Eigen::ComputeFullU | Eigen::ComputeFullV);
  Mat3 U = svd.matrixU();
  const Mat3 V = svd.matrixV();
  if ((U * V.transpose()).determinant() < 0.0) U.col(2) *= -1.0;  // flip the smallest singular direction
  return U * V.transpose();
}

}  // namespace ripple
