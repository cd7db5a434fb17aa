#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <random>

#include "ripple/coupling/cutcell/coupled_system.hpp"

using namespace ripple;

namespace {

SparseMatrix sparse(const Eigen::MatrixXd& d) { return d.sparseView(); }

/// A small coupled system with the structure of Eq. 19: a 1D Poisson block with a Dirichlet end,
/// a random coupling, a diagonal mass and a PSD stiffness (a chain of springs).
CoupledSystemBlocks small_system(int nf, int ns, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0), pos(0.5, 2.0);
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(nf, nf);
  for (int i = 0; i < nf; ++i) {
    A(i, i) = 2.0 * 1e-3;
    if (i + 1 < nf) A(i, i + 1) = A(i + 1, i) = -1e-3;
  }
  A(nf - 1, nf - 1) = 1e-3 + 1e-3 / 0.5;
  Eigen::MatrixXd J = Eigen::MatrixXd::Zero(nf, ns);
  for (int i = 0; i < nf; ++i)
    for (int j = 0; j < ns; ++j)
      if ((i + j) % 3 == 0) J(i, j) = 0.01 * u(rng);
  Eigen::MatrixXd M = Eigen::MatrixXd::Zero(ns, ns), K = Eigen::MatrixXd::Zero(ns, ns);
  for (int j = 0; j < ns; ++j) M(j, j) = 100.0 * pos(rng);  // (1/dt + tau_m) m
  for (int j = 0; j + 1 < ns; ++j) {
    const double k = 50.0 * pos(rng);
    K(j, j) += k; K(j + 1, j + 1) += k; K(j, j + 1) -= k; K(j + 1, j) -= k;
  }
  CoupledSystemBlocks b;
  b.fluid = sparse(A);
  b.coupling = sparse(J);
  b.mass = sparse(M);
  b.mass_inverse = sparse(M.inverse());
  b.stiffness = sparse(K);
  b.fluid_rhs = VectorX::NullaryExpr(nf, [&] { return 1e-4 * u(rng); });
  b.solid_rhs = VectorX::NullaryExpr(ns, [&] { return u(rng); });
  return b;
}

/// Eq. 19 solved densely.
void direct_solution(const CoupledSystemBlocks& b, VectorX& p, VectorX& v) {
  const int nf = static_cast<int>(b.fluid.rows()), ns = static_cast<int>(b.mass.rows());
  Eigen::MatrixXd K(nf + ns, nf + ns);
  K << Eigen::MatrixXd(b.fluid), Eigen::MatrixXd(b.coupling), Eigen::MatrixXd(b.coupling.transpose()),
      -Eigen::MatrixXd(b.mass + b.stiffness);
  VectorX rhs(nf + ns);
  rhs << b.fluid_rhs, b.solid_rhs;
  const VectorX x = K.lu().solve(rhs);
  p = x.head(nf);
  v = x.tail(ns);
}

}  // namespace

TEST(CoupledSystem, PositiveDefiniteFormIsSpdAndHasTheIndefiniteSolution) {
  for (unsigned seed = 1; seed <= 3; ++seed) {
    const CoupledSystemBlocks b = small_system(30, 12, seed);
    VectorX p_ref, v_ref;
    direct_solution(b, p_ref, v_ref);
    for (double alpha : {0.0, 1e-3, 1.0}) {
      CoupledSystemSettings s;
      s.alpha = alpha;
      s.tolerance = 1e-13;
      const AssembledSystem spd = assemble_coupled_system(b, s);
      const Eigen::MatrixXd dense(spd.matrix);
      EXPECT_LT((dense - dense.transpose()).norm(), 1e-12 * dense.norm());
      EXPECT_GT(Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(dense).eigenvalues().minCoeff(), 0.0) << seed;
      VectorX p = VectorX::Zero(30), v = VectorX::Zero(12);
      const CoupledSystemReport r = solve_coupled_system(b, s, p, v);
      EXPECT_TRUE(r.converged);
      EXPECT_LT((p - p_ref).norm(), 1e-8 * p_ref.norm()) << seed << " alpha " << alpha;
      EXPECT_LT((v - v_ref).norm(), 1e-8 * v_ref.norm()) << seed << " alpha " << alpha;
      EXPECT_LT(r.coupled_residual, 1e-9);
    }
  }
}

TEST(CoupledSystem, IndefiniteSolversAgree) {
  const CoupledSystemBlocks b = small_system(40, 15, 7);
  VectorX p_ref, v_ref;
  direct_solution(b, p_ref, v_ref);
  // The indefinite form really is indefinite.
  CoupledSystemSettings s;
  s.formulation = CutCellFormulation::indefinite;
  const Eigen::VectorXd eig =
      Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(Eigen::MatrixXd(assemble_coupled_system(b, s).matrix)).eigenvalues();
  EXPECT_LT(eig.minCoeff(), 0.0);
  EXPECT_GT(eig.maxCoeff(), 0.0);
  for (IndefiniteSolver solver : {IndefiniteSolver::bicgstab, IndefiniteSolver::minres}) {
    s.indefinite_solver = solver;
    s.tolerance = 1e-13;
    VectorX p = VectorX::Zero(40), v = VectorX::Zero(15);
    const CoupledSystemReport r = solve_coupled_system(b, s, p, v);
    EXPECT_TRUE(r.converged) << r.solver;
    EXPECT_LT((p - p_ref).norm(), 1e-7 * p_ref.norm()) << r.solver;
    EXPECT_LT((v - v_ref).norm(), 1e-7 * v_ref.norm()) << r.solver;
  }
}
