// Elastic energies: derivatives against finite differences, zero force at rest, invariance
// under rigid motion, PSD projection, and the small-strain limit of stable neo-Hookean.
#include <gtest/gtest.h>

#include <random>

#include "../finite_difference.hpp"
#include "ripple/solid/energies/affine_orthogonality.hpp"
#include "ripple/solid/energies/discrete_shell_bending.hpp"
#include "ripple/solid/energies/rod_energies.hpp"
#include "ripple/solid/energies/strain_energy.hpp"

namespace ripple {
namespace {

using Eigen::VectorXd;
using test::to_dynamic;

std::mt19937 rng(21);
double uniform() { return std::uniform_real_distribution<double>(-1.0, 1.0)(rng); }
Vec3 random_vec() { return Vec3(uniform(), uniform(), uniform()); }
Mat3 random_rotation() {
  return Eigen::AngleAxisd(3.0 * uniform(), random_vec().normalized()).toRotationMatrix();
}

template <int N>
Eigen::Matrix<double, N, 1> perturbed(const Eigen::Matrix<double, N, 1>& x, double amount) {
  Eigen::Matrix<double, N, 1> y = x;
  for (int i = 0; i < N; ++i) y[i] += amount * uniform();
  return y;
}

Eigen::Matrix<double, 12, 1> rest_tet() {
  Eigen::Matrix<double, 12, 1> x;
  x << 0, 0, 0, 1, 0.1, 0, 0.2, 0.9, 0.1, 0.1, 0.2, 1.1;
  return x;
}

TEST(Energies, StableNeoHookeanDerivatives) {
  const auto x_rest = rest_tet();
  const auto rest = tet_rest(x_rest.segment<3>(0), x_rest.segment<3>(3), x_rest.segment<3>(6), x_rest.segment<3>(9));
  const Lame lame = Lame::from_young_poisson(1e5, 0.4);
  auto f = [&](const VectorXd& x) {
    const Eigen::Matrix<double, 12, 1> y = x;
    return to_dynamic(element_energy<3>(rest, 1.0, stable_neohookean_density(deformation_gradient<3>(rest, y), lame), false));
  };
  for (int trial = 0; trial < 20; ++trial) test::expect_derivatives(f, perturbed<12>(x_rest, 0.3), 1e-6, 1e-5, "SNH");
  // Inverted: vertex 3 pushed through the opposite face.
  Eigen::Matrix<double, 12, 1> inv = x_rest;
  inv.segment<3>(9) = Vec3(0.3, 0.3, -0.5);
  ASSERT_LT(deformation_gradient<3>(rest, inv).determinant(), 0.0);
  test::expect_derivatives(f, inv, 1e-6, 1e-5, "SNH inverted");
  // Rest: zero energy and force; rotated: same.
  const auto at_rest = f(x_rest);
  EXPECT_NEAR(at_rest.value, 0.0, 1e-9);
  EXPECT_LT(at_rest.gradient.norm(), 1e-9);
  const Mat3 R = random_rotation();
  VectorXd rotated(12);
  for (int v = 0; v < 4; ++v) rotated.segment<3>(3 * v) = R * x_rest.segment<3>(3 * v) + Vec3(1, 2, 3);
  EXPECT_LT(f(rotated).gradient.norm(), 1e-8);
}

TEST(Energies, StableNeoHookeanMatchesLinearElasticityAtSmallStrain) {
  const Lame lame = Lame::from_young_poisson(2e6, 0.3);
  for (int trial = 0; trial < 10; ++trial) {
    Mat3 grad_u;
    for (int i = 0; i < 9; ++i) grad_u(i) = 1e-4 * uniform();
    const Mat3 eps = 0.5 * (grad_u + grad_u.transpose());
    const double linear = lame.mu * eps.squaredNorm() + 0.5 * lame.lambda * eps.trace() * eps.trace();
    const double snh = stable_neohookean_density(Mat3::Identity() + grad_u, lame).psi;
    EXPECT_NEAR(snh, linear, 1e-3 * linear);
  }
}

TEST(Energies, CorotatedLinearDerivativesAndRotation) {
  const auto x_rest = rest_tet();
  const auto rest = tet_rest(x_rest.segment<3>(0), x_rest.segment<3>(3), x_rest.segment<3>(6), x_rest.segment<3>(9));
  const Lame lame = Lame::from_young_poisson(1e5, 0.3);
  const Mat3 R = random_rotation();
  auto f = [&](const VectorXd& x) {
    const Eigen::Matrix<double, 12, 1> y = x;
    return to_dynamic(element_energy<3>(rest, 1.0, corotated_linear_density(deformation_gradient<3>(rest, y), R, lame), false));
  };
  for (int trial = 0; trial < 10; ++trial) test::expect_derivatives(f, perturbed<12>(x_rest, 0.3), 1e-6, 1e-6, "corotated");
  // The polar rotation of a rotated, stretched F is the rotation; also for inverted F, det = +1.
  const Mat3 S = Vec3(1.2, 0.9, 1.05).asDiagonal();
  EXPECT_LT((polar_rotation(R * S) - R).norm(), 1e-10);
  Mat3 inverted = R * S;
  inverted.col(2) *= -1.0;
  EXPECT_NEAR(polar_rotation(inverted).determinant(), 1.0, 1e-10);
  // Rotated rest shape with R as the lagged rotation: no force.
  VectorXd rotated(12);
  for (int v = 0; v < 4; ++v) rotated.segment<3>(3 * v) = R * x_rest.segment<3>(3 * v);
  EXPECT_LT(f(rotated).gradient.norm(), 1e-9);
}

TEST(Energies, StvkMembraneDerivatives) {
  Eigen::Matrix<double, 9, 1> x_rest;
  x_rest << 0, 0, 0, 1, 0, 0.1, 0.3, 0.2, 0.9;
  const auto rest = triangle_rest(x_rest.segment<3>(0), x_rest.segment<3>(3), x_rest.segment<3>(6));
  const Lame lame = Lame::plane_stress(1e6, 0.3);
  auto f = [&](const VectorXd& x) {
    const Eigen::Matrix<double, 9, 1> y = x;
    return to_dynamic(element_energy<2>(rest, 1e-3, stvk_membrane_density(deformation_gradient<2>(rest, y), lame), false));
  };
  for (int trial = 0; trial < 20; ++trial) test::expect_derivatives(f, perturbed<9>(x_rest, 0.3), 1e-6, 1e-5, "StVK");
  const Mat3 R = random_rotation();
  VectorXd rotated(9);
  for (int v = 0; v < 3; ++v) rotated.segment<3>(3 * v) = R * x_rest.segment<3>(3 * v);
  EXPECT_NEAR(f(rotated).value, 0.0, 1e-9);
  EXPECT_LT(f(rotated).gradient.norm(), 1e-7);
  // Projection leaves a PSD Hessian.
  const Eigen::Matrix<double, 9, 1> squashed = perturbed<9>(0.5 * x_rest, 0.2);
  const auto projected = element_energy<2>(rest, 1e-3, stvk_membrane_density(deformation_gradient<2>(rest, squashed), lame), true);
  using Solver9 = Eigen::SelfAdjointEigenSolver<Eigen::Matrix<double, 9, 9>>;
  EXPECT_GT(Solver9(projected.hessian).eigenvalues().minCoeff(), -1e-9);
}

TEST(Energies, DihedralAngleAndHingeBending) {
  // Known angles: flat = 0, folded by phi = phi.
  const Vec3 x0(0, 0, 0), x1(1, 0, 0), x2(0.4, 1, 0);
  for (double phi : {0.0, 0.3, -1.2, 2.5}) {
    const Vec3 x3(0.6, -std::cos(phi), std::sin(phi));
    EXPECT_NEAR(dihedral_angle(x0, x1, x2, x3), phi, 1e-12);
  }
  auto angle = [](const VectorXd& x) {
    return to_dynamic(dihedral_angle_derivatives(x.segment<3>(0), x.segment<3>(3), x.segment<3>(6), x.segment<3>(9)));
  };
  auto energy = [](const VectorXd& x) {
    const Eigen::Matrix<double, 12, 1> y = x;
    return to_dynamic(hinge_bending_energy(y, 0.7, 0.4, HingeHessian::exact));
  };
  Eigen::Matrix<double, 12, 1> hinge;
  hinge << 0, 0, 0, 1, 0, 0, 0.4, 1, 0, 0.6, -1, 0;
  for (int trial = 0; trial < 20; ++trial) {
    const auto x = perturbed<12>(hinge, 0.4);
    test::expect_derivatives(angle, x, 1e-6, 1e-5, "dihedral angle");
    test::expect_derivatives(energy, x, 1e-6, 1e-5, "hinge energy");
    // The cheaper Hessians: same value and gradient; PSD; Gauss-Newton is the exact Hessian
    // without the (theta - rest) Hess(theta) term.
    const auto exact = hinge_bending_energy(x, 0.7, 0.4, HingeHessian::exact);
    for (HingeHessian mode : {HingeHessian::projected, HingeHessian::gauss_newton}) {
      const auto d = hinge_bending_energy(x, 0.7, 0.4, mode);
      EXPECT_NEAR(d.value, exact.value, 1e-14);
      EXPECT_LT((d.gradient - exact.gradient).norm(), 1e-12 * (1.0 + exact.gradient.norm()));
      using Solver12 = Eigen::SelfAdjointEigenSolver<Eigen::Matrix<double, 12, 12>>;
      EXPECT_GT(Solver12(d.hessian).eigenvalues().minCoeff(), -1e-9 * d.hessian.norm());
    }
    const auto t = dihedral_angle_derivatives(x.segment<3>(0), x.segment<3>(3), x.segment<3>(6), x.segment<3>(9));
    const Eigen::Matrix<double, 12, 12> gn = 1.4 * t.gradient * t.gradient.transpose();
    EXPECT_LT((hinge_bending_energy(x, 0.7, 0.4, HingeHessian::gauss_newton).hessian - gn).norm(), 1e-10 * (1.0 + gn.norm()));
  }
  test::expect_derivatives(angle, hinge, 1e-6, 1e-5, "flat hinge");
  // A nearly closed fold (theta ~ 3.1).
  Eigen::Matrix<double, 12, 1> fold = hinge;
  fold.segment<3>(9) = Vec3(0.6, 0.999, 0.04);
  test::expect_derivatives(angle, fold, 1e-7, 1e-4, "folded hinge");
  // At the rest angle: no force; rotation invariant.
  Eigen::Matrix<double, 12, 1> at_rest = hinge;
  at_rest.segment<3>(9) = Vec3(0.6, -std::cos(0.4), std::sin(0.4));
  EXPECT_LT(hinge_bending_energy(at_rest, 0.7, 0.4, HingeHessian::exact).gradient.norm(), 1e-12);
}

TEST(Energies, RodStretchingAndBending) {
  auto stretch = [](const VectorXd& x) {
    const Eigen::Matrix<double, 6, 1> y = x;
    return to_dynamic(rod_stretching_energy(y, 3.0, 0.8, false));
  };
  Eigen::Matrix<double, 6, 1> edge;
  edge << 0, 0, 0, 1, 0.2, 0;
  for (int trial = 0; trial < 20; ++trial) test::expect_derivatives(stretch, perturbed<6>(edge, 0.3), 1e-6, 1e-6, "stretch");
  Eigen::Matrix<double, 9, 1> rod;
  rod << 0, 0, 0, 1, 0.1, 0, 2, 0.5, 0.3;
  for (double kappa_rest : {0.0, 0.4}) {
    auto bend = [kappa_rest](const VectorXd& x) {
      const Eigen::Matrix<double, 9, 1> y = x;
      return to_dynamic(rod_bending_energy(y, 0.5, kappa_rest, 2.0, false));
    };
    for (int trial = 0; trial < 20; ++trial) test::expect_derivatives(bend, perturbed<9>(rod, 0.3), 1e-6, 1e-5, "bend");
  }
  // Straight rod with a straight rest shape: smooth, zero force; curvature of a known bend.
  Eigen::Matrix<double, 9, 1> straight;
  straight << 0, 0, 0, 1, 0, 0, 2, 0, 0;
  auto bend0 = [](const VectorXd& x) {
    const Eigen::Matrix<double, 9, 1> y = x;
    return to_dynamic(rod_bending_energy(y, 0.5, 0.0, 2.0, false));
  };
  test::expect_derivatives(bend0, straight, 1e-6, 1e-5, "straight rod", 1.0);
  EXPECT_LT(bend0(straight).gradient.norm(), 1e-12);
  const double phi = 0.5;
  EXPECT_NEAR(rod_curvature(Vec3(-1, 0, 0), Vec3::Zero(), Vec3(std::cos(phi), std::sin(phi), 0)), 2 * std::tan(phi / 2), 1e-12);
}

TEST(Energies, AffineOrthogonality) {
  auto f = [](const VectorXd& a) {
    const Mat3 A = Eigen::Map<const Mat3>(a.data());
    return to_dynamic(orthogonality_potential(A, false));
  };
  for (int trial = 0; trial < 20; ++trial) {
    Mat3 A = random_rotation() + 0.3 * Mat3::Random();
    test::expect_derivatives(f, Eigen::Map<VectorXd>(A.data(), 9), 1e-6, 1e-6, "orthogonality");
  }
  Mat3 R = random_rotation();
  EXPECT_NEAR(orthogonality_potential(R, false).value, 0.0, 1e-12);
  EXPECT_LT(orthogonality_potential(R, false).gradient.norm(), 1e-12);
}

}  // namespace
}  // namespace ripple
