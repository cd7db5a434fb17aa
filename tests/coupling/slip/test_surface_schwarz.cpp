#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cstdio>
#include <random>

#include "ripple/coupling/slip/surface_schwarz.hpp"
#include "ripple/solver/operator_pcg.hpp"

namespace ripple {
namespace {

// A 2D Poisson matrix on g x g cells (Dirichlet outside) followed by `extra` constraint-like rows,
// each coupled strongly to a few cells, as the slip projection's ghost and constraint rows are.
SparseMatrix poisson_with_constraints(int g, int extra, std::mt19937& rng) {
  const int cells = g * g, n = cells + extra;
  Eigen::MatrixXd d = Eigen::MatrixXd::Zero(n, n);
  for (int j = 0; j < g; ++j)
    for (int i = 0; i < g; ++i) {
      const int c = i + g * j;
      d(c, c) = 4.0;
      if (i + 1 < g) d(c, c + 1) = d(c + 1, c) = -1.0;
      if (j + 1 < g) d(c, c + g) = d(c + g, c) = -1.0;
    }
  std::uniform_int_distribution<int> pick(0, g - 2);
  for (int e = 0; e < extra; ++e) {
    // A row over three neighbouring cells, b b^T added whole (as C M^-1 C^T adds a face's
    // column to the cells' block too).
    Eigen::VectorXd b = Eigen::VectorXd::Zero(n);
    const int c = pick(rng) + g * pick(rng);
    b[c] = b[c + 1] = b[c + g] = 1.0;
    b[cells + e] = -1.5;
    d += 2.0 * b * b.transpose();
  }
  return d.sparseView();
}


/// For random pairs x, y: y . P x = x . P y (symmetric, to `tolerance` relative) and x . P x > 0,
/// P x finite.
void expect_symmetric_positive(SurfaceSchwarz& p, int64_t n, std::mt19937& rng, int trials, double tolerance) {
  std::uniform_real_distribution<double> uni(-1.0, 1.0);
  for (int t = 0; t < trials; ++t) {
    VectorX x(n), y(n), px, py;
    for (int64_t i = 0; i < n; ++i) { x[i] = uni(rng); y[i] = uni(rng); }
    p.apply(x, px);
    p.apply(y, py);
    ASSERT_TRUE(px.allFinite());
    EXPECT_NEAR(y.dot(px), x.dot(py), tolerance * std::abs(y.dot(px)));
    EXPECT_GT(x.dot(px), 0.0);
  }
}

}  // namespace

// The cycle surface, cells, surface is symmetric positive definite (CG needs both), and with it
// CG needs fewer than half the iterations of the block-diagonal preconditioner, which ignores
// the constraints' coupling to the cells.
TEST(SurfaceSchwarz, IsSymmetricPositiveAndCutsIterations) {
  std::mt19937 rng(7);
  const int g = 24, extra = 30, lead = g * g;
  const SparseMatrix a = poisson_with_constraints(g, extra, rng);
  const int n = static_cast<int>(a.rows());
  // The cells' preconditioner: a few Jacobi-weighted Gauss-Seidel sweeps would not be symmetric;
  // the exact inverse of the cells' block is, and shows the coupling's cost alone.
  const Eigen::MatrixXd lead_inverse = Eigen::MatrixXd(a.topLeftCorner(lead, lead)).inverse();
  auto lead_apply = [&](const VectorX& r, VectorX& z) { z = lead_inverse * r; };
  SurfaceSchwarz schwarz(a, SparseMatrix(n, n), lead, lead_apply);
  EXPECT_GT(schwarz.surface_rows(), extra);
  EXPECT_LT(schwarz.surface_rows(), n);

  expect_symmetric_positive(schwarz, n, rng, 5, 1e-10);
  std::uniform_real_distribution<double> uni(-1.0, 1.0);

  VectorX b(n);
  for (int64_t i = 0; i < n; ++i) b[i] = uni(rng);
  auto apply_a = [&](const VectorX& v, VectorX& out) { out = a * v; };
  const Eigen::MatrixXd rest_inverse = Eigen::MatrixXd(a.bottomRightCorner(n - lead, n - lead)).inverse();
  auto block_diagonal = [&](const VectorX& r, VectorX& z) {
    z.resize(n);
    z.head(lead) = lead_inverse * r.head(lead);
    z.tail(n - lead) = rest_inverse * r.tail(n - lead);
  };
  auto with_schwarz = [&](const VectorX& r, VectorX& z) { schwarz.apply(r, z); };
  VectorX x1 = VectorX::Zero(n), x2 = VectorX::Zero(n);
  const OperatorPcgResult diag = operator_pcg(apply_a, block_diagonal, b, x1, 1e-10, 500);
  const OperatorPcgResult cycle = operator_pcg(apply_a, with_schwarz, b, x2, 1e-10, 500);
  ASSERT_TRUE(diag.converged);
  ASSERT_TRUE(cycle.converged);
  EXPECT_LT((x2 - x1).norm(), 1e-7 * x1.norm());
  std::printf("iterations: block-diagonal %d, Schwarz %d\n", diag.iterations, cycle.iterations);
  EXPECT_GT(diag.iterations, 2 * cycle.iterations);
}

namespace {

// A deformable solids' response over the constraint rows: g (n x m) on rows `lead`.., and
// h = M + dt^2 K, a stiff chain of springs on light masses (masses 0.1 + 0.05 j).
struct Response {
  Eigen::MatrixXd g, h;
  VectorX inverse_mass;
};

Response chain_response(int n, int lead, int extra, int m, std::mt19937& rng) {
  std::uniform_real_distribution<double> uni(-1.0, 1.0);
  Response out{Eigen::MatrixXd::Zero(n, m), Eigen::MatrixXd::Zero(m, m), VectorX(m)};
  for (int e = 0; e < extra; ++e)
    for (int j = 0; j < m; ++j)
      if (uni(rng) > 0.5) out.g(lead + e, j) = 3.0 * uni(rng);
  for (int j = 0; j < m; ++j) {
    out.h(j, j) = 0.1 + 0.05 * j;
    out.inverse_mass[j] = 1.0 / out.h(j, j);
  }
  for (int j = 0; j + 1 < m; ++j) {
    out.h(j, j) += 20.0;
    out.h(j + 1, j + 1) += 20.0;
    out.h(j, j + 1) = out.h(j + 1, j) = -20.0;
  }
  return out;
}

}  // namespace

// With deformable solids' response K = K0 + g h^-1 g^T, the surface block bounded by the
// inverse masses (M^-1 >= h^-1) keeps the cycle symmetric and positive definite, and CG on K
// with it converges to the answer in fewer iterations than with the cycle that leaves the
// response out of its block.
TEST(SurfaceSchwarz, BoundedResponseKeepsTheCyclePositiveAndCutsIterations) {
  std::mt19937 rng(9);
  std::uniform_real_distribution<double> uni(-1.0, 1.0);
  const int g = 12, extra = 16, lead = g * g, m = 9;
  const SparseMatrix a = poisson_with_constraints(g, extra, rng);
  const int n = static_cast<int>(a.rows());
  const Response resp = chain_response(n, lead, extra, m, rng);
  const SparseMatrix gs = resp.g.sparseView();
  const Eigen::MatrixXd h_inverse = resp.h.inverse();
  const Eigen::MatrixXd k = Eigen::MatrixXd(a) + resp.g * h_inverse * resp.g.transpose();
  const Eigen::MatrixXd lead_inverse = Eigen::MatrixXd(a.topLeftCorner(lead, lead)).inverse();
  auto lead_apply = [&](const VectorX& r, VectorX& z) { z = lead_inverse * r; };
  SurfaceResponse response;
  response.g = &gs;
  response.bound = resp.inverse_mass;
  response.h_solve = [&](const VectorX& x, VectorX& y) { y = h_inverse * x; };
  SurfaceSchwarz bounded(a, SparseMatrix(n, n), lead, lead_apply, &response);
  SurfaceSchwarz without(a, SparseMatrix(n, n), lead, lead_apply);
  expect_symmetric_positive(bounded, n, rng, 5, 1e-10);
  // The whole preconditioner, column by column: symmetric, and its smallest eigenvalue positive.
  // A bound below h^-1 (a tenth of the inverse masses' here) breaks the positivity: the check
  // can fail.
  auto smallest_eigenvalue = [&](SurfaceSchwarz& p) {
    Eigen::MatrixXd dense(n, n);
    for (int j = 0; j < n; ++j) {
      VectorX e = VectorX::Zero(n), column;
      e[j] = 1.0;
      p.apply(e, column);
      dense.col(j) = column;
    }
    EXPECT_LT((dense - dense.transpose()).norm(), 1e-10 * dense.norm());
    return Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(0.5 * (dense + dense.transpose())).eigenvalues().minCoeff();
  };
  SurfaceResponse too_small = response;
  too_small.bound = 0.1 * resp.inverse_mass;
  SurfaceSchwarz under(a, SparseMatrix(n, n), lead, lead_apply, &too_small);
  const double fit_min = smallest_eigenvalue(bounded), under_min = smallest_eigenvalue(under);
  std::printf("smallest eigenvalue: bound M^-1 %.3g, bound M^-1 / 10 %.3g\n", fit_min, under_min);
  EXPECT_GT(fit_min, 0.0);
  EXPECT_LT(under_min, 0.0);
  VectorX b(n);
  for (int64_t i = 0; i < n; ++i) b[i] = uni(rng);
  auto apply_k = [&](const VectorX& v, VectorX& out) { out = k * v; };
  auto with_bound = [&](const VectorX& r, VectorX& z) { bounded.apply(r, z); };
  auto with_none = [&](const VectorX& r, VectorX& z) { without.apply(r, z); };
  VectorX x1 = VectorX::Zero(n), x2 = VectorX::Zero(n);
  const OperatorPcgResult fit = operator_pcg(apply_k, with_bound, b, x1, 1e-10, 500);
  const OperatorPcgResult bare = operator_pcg(apply_k, with_none, b, x2, 1e-10, 500);
  ASSERT_TRUE(fit.converged);
  const VectorX exact = k.ldlt().solve(b);
  EXPECT_LT((x1 - exact).norm(), 1e-7 * exact.norm());
  std::printf("iterations: response bounded %d, left out %d\n", fit.iterations, bare.iterations);
  EXPECT_LT(fit.iterations, bare.iterations);
}

}  // namespace ripple

namespace ripple {

// Two identical constraint rows (as dependent no-slip rows make them) leave the surface block
// semi-definite, the solids' bounded response on both alike; the preconditioner stays finite,
// symmetric and positive (SparseSpdSolver refactors a matrix CHOLMOD finds not positive definite
// with a small shift).
TEST(SurfaceSchwarz, DependentRowsStayFiniteAndPositive) {
  std::mt19937 rng(4);
  const int g = 10, extra = 6, lead = g * g, m = 5;
  Eigen::MatrixXd d = Eigen::MatrixXd(poisson_with_constraints(g, extra, rng));
  const int n = static_cast<int>(d.rows()), copy = lead + extra - 1, source = lead + extra - 2;
  d.row(copy) = d.row(source);
  d.col(copy) = d.col(source);
  d(copy, copy) = d(source, source);
  const SparseMatrix a = d.sparseView();
  Eigen::MatrixXd gd = Eigen::MatrixXd::Zero(n, m), h = Eigen::MatrixXd::Zero(m, m);
  for (int j = 0; j < m; ++j) {
    gd(source, j) = gd(copy, j) = 0.3 + 0.1 * j;
    h(j, j) = 1.0 + j;
  }
  const SparseMatrix gs = gd.sparseView();
  const Eigen::MatrixXd lead_inverse = Eigen::MatrixXd(a.topLeftCorner(lead, lead)).inverse();
  auto lead_apply = [&](const VectorX& r, VectorX& z) { z = lead_inverse * r; };
  SurfaceResponse response;
  response.g = &gs;
  response.bound = h.diagonal().cwiseInverse();
  response.h_solve = [&](const VectorX& x, VectorX& y) { y = h.inverse() * x; };
  SurfaceSchwarz schwarz(a, SparseMatrix(n, n), lead, lead_apply, &response);
  expect_symmetric_positive(schwarz, n, rng, 3, 1e-8);
}

}  // namespace ripple
