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

  std::uniform_real_distribution<double> uni(-1.0, 1.0);
  for (int t = 0; t < 5; ++t) {
    VectorX x(n), y(n), px, py;
    for (int64_t i = 0; i < n; ++i) { x[i] = uni(rng); y[i] = uni(rng); }
    schwarz.apply(x, px);
    schwarz.apply(y, py);
    EXPECT_NEAR(y.dot(px), x.dot(py), 1e-10 * std::abs(y.dot(px)));
    EXPECT_GT(x.dot(px), 0.0);
  }

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

// With deformable solids' response K = K0 + g h^-1 g^T (g on the constraint rows, h a stiff
// chain of springs on masses), the surface block solved through the quasi-definite form gives
// the same preconditioner as the one built from K formed whole (dense h^-1): its block is exact.
TEST(SurfaceSchwarz, QuasiDefiniteBlockMatchesTheFormedResponse) {
  std::mt19937 rng(9);
  std::uniform_real_distribution<double> uni(-1.0, 1.0);
  const int g = 12, extra = 16, lead = g * g, m = 9;
  const SparseMatrix a = poisson_with_constraints(g, extra, rng);
  const int n = static_cast<int>(a.rows());
  Eigen::MatrixXd gd = Eigen::MatrixXd::Zero(n, m), h = Eigen::MatrixXd::Zero(m, m);
  for (int e = 0; e < extra; ++e)
    for (int j = 0; j < m; ++j)
      if (uni(rng) > 0.5) gd(lead + e, j) = uni(rng);
  for (int j = 0; j < m; ++j) h(j, j) = 0.1 + 0.05 * j;
  for (int j = 0; j + 1 < m; ++j) {
    h(j, j) += 20.0;
    h(j + 1, j + 1) += 20.0;
    h(j, j + 1) = h(j + 1, j) = -20.0;
  }
  const SparseMatrix gs = gd.sparseView(), hs = h.sparseView();
  const SparseMatrix formed = (Eigen::MatrixXd(a) + gd * h.inverse() * gd.transpose()).sparseView();
  const Eigen::MatrixXd lead_inverse = Eigen::MatrixXd(a.topLeftCorner(lead, lead)).inverse();
  auto lead_apply = [&](const VectorX& r, VectorX& z) { z = lead_inverse * r; };
  SurfaceSchwarz eliminated(a, SparseMatrix(n, n), lead, lead_apply, &gs, &hs);
  SurfaceSchwarz whole(formed, SparseMatrix(n, n), lead, lead_apply);
  EXPECT_EQ(eliminated.surface_rows(), whole.surface_rows());
  for (int t = 0; t < 5; ++t) {
    VectorX x(n), pe, pw;
    for (int64_t i = 0; i < n; ++i) x[i] = uni(rng);
    eliminated.apply(x, pe);
    whole.apply(x, pw);
    EXPECT_LT((pe - pw).norm(), 1e-9 * pw.norm());
  }
}

}  // namespace ripple

namespace ripple {

// Two identical constraint rows (as dependent no-slip rows make them) leave the surface block
// semi-definite: its LDL^T meets a pivot of the wrong sign or none, is factored again with the
// two blocks shifted apart, and the preconditioner stays finite, symmetric and positive.
TEST(SurfaceSchwarz, DependentRowsAreShiftedApart) {
  std::mt19937 rng(4);
  std::uniform_real_distribution<double> uni(-1.0, 1.0);
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
  const SparseMatrix gs = gd.sparseView(), hs = h.sparseView();
  const Eigen::MatrixXd lead_inverse = Eigen::MatrixXd(a.topLeftCorner(lead, lead)).inverse();
  auto lead_apply = [&](const VectorX& r, VectorX& z) { z = lead_inverse * r; };
  SurfaceSchwarz schwarz(a, SparseMatrix(n, n), lead, lead_apply, &gs, &hs);
  for (int t = 0; t < 3; ++t) {
    VectorX x(n), y(n), px, py;
    for (int64_t i = 0; i < n; ++i) { x[i] = uni(rng); y[i] = uni(rng); }
    schwarz.apply(x, px);
    schwarz.apply(y, py);
    ASSERT_TRUE(px.allFinite());
    EXPECT_NEAR(y.dot(px), x.dot(py), 1e-8 * std::abs(y.dot(px)));
    EXPECT_GT(x.dot(px), 0.0);
  }
}

}  // namespace ripple
