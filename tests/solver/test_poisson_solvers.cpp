#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "ripple/solver/mic0_preconditioner.hpp"
#include "ripple/solver/multigrid_preconditioner.hpp"

using namespace ripple;

namespace {

// -lap p = f on the unit cube, p = 0 on the boundary faces (ghost value -p at a half cell),
// exact solution p = sin(pi x) sin(pi y) sin(pi z), f = 3 pi^2 p.
struct Problem {
  PoissonSystem A;
  std::array<ScalarGrid, 3> face_open;
  MultigridFineLevel mg;
  std::vector<double> b, exact;
};

// With `top_only`: walls (closed faces) on every side but y = 1, the only open one, and the
// exact solution cos(pi x) cos(pi y / 2) cos(pi z).
Problem make_problem(int n, bool top_only = false) {
  Problem P;
  const double h = 1.0 / n;
  P.A.resize(Vec3i(n, n, n));
  P.mg.labels.resize(n, n, n, static_cast<uint8_t>(CellLabel::Liquid));
  for (int a = 0; a < 3; ++a) {
    Vec3i d(n, n, n);
    d[a] += 1;
    P.face_open[a].resize(d.x(), d.y(), d.z(), 1.0);
    if (!top_only) continue;
    for (int k = 0; k < d.z(); ++k)
      for (int j = 0; j < d.y(); ++j)
        for (int i = 0; i < d.x(); ++i) {
          const int along = a == 0 ? i : a == 1 ? j : k;
          if (along == 0 || (along == n && a != 1)) P.face_open[a](i, j, k) = 0.0;
        }
  }
  P.b.assign(static_cast<size_t>(P.A.cells()), 0.0);
  P.exact = P.b;
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        const int64_t c = i + static_cast<int64_t>(n) * (j + static_cast<int64_t>(n) * k);
        P.A.active[c] = 1;
        double diag = 0.0;
        const int idx[3] = {i, j, k};
        for (int a = 0; a < 3; ++a) {
          const bool open_lo = !top_only, open_hi = !top_only || a == 1;
          diag += (idx[a] == 0 ? (open_lo ? 2.0 : 0.0) : 1.0) + (idx[a] == n - 1 ? (open_hi ? 2.0 : 0.0) : 1.0);
          if (idx[a] < n - 1) P.A.off[a][c] = -1.0;
        }
        P.A.diag[c] = diag;
        const Vec3 x = h * Vec3(i + 0.5, j + 0.5, k + 0.5);
        P.exact[c] = top_only ? std::cos(M_PI * x.x()) * std::cos(0.5 * M_PI * x.y()) * std::cos(M_PI * x.z())
                              : std::sin(M_PI * x.x()) * std::sin(M_PI * x.y()) * std::sin(M_PI * x.z());
        P.b[c] = h * h * (top_only ? 2.25 : 3.0) * M_PI * M_PI * P.exact[c];
      }
  P.A.build_layout();
  return P;
}

// The multigrid keeps pointers into this: it must live as long as the preconditioner.
MultigridFineLevel fine_level(const Problem& P) {
  MultigridFineLevel info = P.mg;
  info.face_open = &P.face_open;
  info.scale = 1.0;
  return info;
}

double max_error(const Problem& P, const std::vector<double>& x) {
  double e = 0.0;
  for (size_t i = 0; i < x.size(); ++i) e = std::max(e, std::abs(x[i] - P.exact[i]));
  return e;
}

}  // namespace

TEST(PoissonSolvers, AllPreconditionersMatchTheAnalyticSolution) {
  const Problem P = make_problem(32);
  Mic0Preconditioner mic(P.A);
  const MultigridFineLevel info = fine_level(P);
  MultigridPreconditioner mg(P.A, info);
  for (Preconditioner* M : {static_cast<Preconditioner*>(nullptr), static_cast<Preconditioner*>(&mic),
                            static_cast<Preconditioner*>(&mg)}) {
    std::vector<double> x(P.b.size(), 0.0);
    const PcgResult r = pcg_solve(P.A, P.b, x, M, 1e-8, 1000);
    EXPECT_TRUE(r.converged);
    EXPECT_LT(max_error(P, x), 5e-3);  // second-order discretisation error at 32^3
  }
}

TEST(PoissonSolvers, DiscretisationErrorIsSecondOrder) {
  double prev = 0.0;
  for (int n : {16, 32}) {
    const Problem P = make_problem(n);
    const MultigridFineLevel info = fine_level(P);
    MultigridPreconditioner mg(P.A, info);
    std::vector<double> x(P.b.size(), 0.0);
    ASSERT_TRUE(pcg_solve(P.A, P.b, x, &mg, 1e-10, 200).converged);
    const double e = max_error(P, x);
    if (prev > 0) {
      EXPECT_GT(prev / e, 3.0);  // about 4 for second order
    }
    prev = e;
  }
}

TEST(PoissonSolvers, MultigridIterationsStayFlatUnderRefinement) {
  int it16 = 0, it64 = 0;
  for (int n : {16, 64}) {
    const Problem P = make_problem(n);
    const MultigridFineLevel info = fine_level(P);
    MultigridPreconditioner mg(P.A, info);
    std::vector<double> x(P.b.size(), 0.0);
    const PcgResult r = pcg_solve(P.A, P.b, x, &mg, 1e-6, 200);
    ASSERT_TRUE(r.converged);
    (n == 16 ? it16 : it64) = r.iterations;
  }
  EXPECT_LE(it64, 15);
  EXPECT_LE(it64, it16 + 4);
}

// Grids whose coarse levels overhang an odd fine level (36 -> 18 -> 9 -> 5), with one open side
// only (as a gas filling a domain open at the top): the open side must stay open on every
// coarse level, or they all float and CG stalls.
TEST(PoissonSolvers, MultigridKeepsOpenSidesOnOddCoarseLevels) {
  for (int n : {36, 30}) {
    const Problem P = make_problem(n, true);
    const MultigridFineLevel info = fine_level(P);
    MultigridPreconditioner mg(P.A, info);
    std::vector<double> x(P.b.size(), 0.0);
    const PcgResult r = pcg_solve(P.A, P.b, x, &mg, 1e-6, 200);
    ASSERT_TRUE(r.converged) << n;
    EXPECT_LE(r.iterations, 15) << n;
    EXPECT_LT(max_error(P, x), 5e-3) << n;
  }
}

TEST(PoissonSolvers, MultigridPreconditionerIsSymmetric) {
  const Problem P = make_problem(20);
  const MultigridFineLevel info = fine_level(P);
  MultigridPreconditioner mg(P.A, info);
  std::mt19937 rng(7);
  std::normal_distribution<double> N;
  // Compact vectors of the system's layout (zero pad).
  const CompactLayout& L = P.A.layout;
  const size_t n = static_cast<size_t>(L.padded);
  std::vector<double> x(n, 0.0), y(n, 0.0), Mx(n, 0.0), My(n, 0.0);
  for (int64_t c = 0; c < L.size; ++c) x[c] = N(rng), y[c] = N(rng);
  mg.apply(x, Mx);
  mg.apply(y, My);
  const double a = compact_dot(L, y, Mx), b = compact_dot(L, x, My);
  // The V-cycle runs in single precision: symmetric up to float rounding (about 1e-7
  // relative here); a structural asymmetry (mismatched smoothing order, restriction not the
  // transpose of prolongation) shows up at 1e-3 or more.
  EXPECT_NEAR(a, b, 1e-5 * std::abs(a));
  EXPECT_GT(compact_dot(L, x, Mx), 0.0);
  for (size_t c = static_cast<size_t>(L.size); c < n; ++c) ASSERT_EQ(Mx[c], 0.0) << "pad written";
}

TEST(PoissonSolvers, IterationCapIsReportedNotHidden) {
  const Problem P = make_problem(24);
  std::vector<double> b(P.b.size()), x(P.b.size(), 0.0);
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> U(-1, 1);
  for (auto& v : b) v = U(rng);  // many eigencomponents: CG cannot finish in 3 iterations
  const PcgResult r = pcg_solve(P.A, b, x, nullptr, 1e-12, 3);
  EXPECT_FALSE(r.converged);
  EXPECT_EQ(r.iterations, 3);
  EXPECT_GT(r.relative_residual, 1e-12);
}

namespace {

// -lap p = f, periodic along x, p = 0 on the other sides: p = sin(2 pi x) sin(pi y) sin(pi z),
// f = 6 pi^2 p. The 7-point matrix leaves the seam out (closed there, as the multigrid's face
// fractions say); the PeriodicCoupling adds it, reading the true face fractions (open).
struct PeriodicProblem {
  Problem P;
  std::array<ScalarGrid, 3> true_open;
  std::unique_ptr<PeriodicCoupling> seam;
};

std::unique_ptr<PeriodicProblem> make_periodic_problem(int n) {
  auto out = std::make_unique<PeriodicProblem>();
  Problem& P = out->P;
  P = make_problem(n);
  out->true_open = P.face_open;
  const double h = 1.0 / n;
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < n; ++j) {
      P.face_open[0](0, j, k) = P.face_open[0](n, j, k) = 0.0;
      for (int i = 0; i < n; ++i) {
        const int64_t c = i + static_cast<int64_t>(n) * (j + static_cast<int64_t>(n) * k);
        if (i == 0 || i == n - 1) P.A.diag[c] -= 2.0;  // no Dirichlet side along x: the seam instead
        const Vec3 x = h * Vec3(i + 0.5, j + 0.5, k + 0.5);
        P.exact[c] = std::sin(2.0 * M_PI * x.x()) * std::sin(M_PI * x.y()) * std::sin(M_PI * x.z());
        P.b[c] = h * h * 6.0 * M_PI * M_PI * P.exact[c];
      }
    }
  out->seam = std::make_unique<PeriodicCoupling>(std::array<bool, 3>{true, false, false}, &out->true_open, 1.0);
  out->seam->bind(P.A);
  return out;
}

}  // namespace

// With the seam's couplings in its finest smoother, the V-cycle stays symmetric and CG solves the
// periodic problem to second order in as few iterations as the plain one.
TEST(PoissonSolvers, MultigridCouplesPeriodicSeams) {
  const auto PP = make_periodic_problem(32);
  const Problem& P = PP->P;
  MultigridFineLevel info = fine_level(P);
  info.periodic = PP->seam.get();
  EXPECT_EQ(PP->seam->pairs()[0].size(), 32u * 32u);
  MultigridPreconditioner mg(P.A, info);
  std::vector<double> x(P.b.size(), 0.0);
  const PcgResult r = pcg_solve(P.A, P.b, x, &mg, 1e-8, 200, PP->seam.get());
  ASSERT_TRUE(r.converged);
  EXPECT_LE(r.iterations, 15);
  EXPECT_LT(max_error(P, x), 5e-3);
  // Symmetry of the preconditioner, as for the plain one.
  const CompactLayout& L = P.A.layout;
  const size_t n = static_cast<size_t>(L.padded);
  std::mt19937 rng(9);
  std::normal_distribution<double> N;
  std::vector<double> a(n, 0.0), b(n, 0.0), Ma(n, 0.0), Mb(n, 0.0);
  for (int64_t c = 0; c < L.size; ++c) a[c] = N(rng), b[c] = N(rng);
  mg.apply(a, Ma);
  mg.apply(b, Mb);
  EXPECT_NEAR(compact_dot(L, b, Ma), compact_dot(L, a, Mb), 1e-5 * std::abs(compact_dot(L, b, Ma)));
  // Without the seam in the smoother the same solve needs half as many iterations again or more.
  MultigridFineLevel closed = fine_level(P);
  MultigridPreconditioner plain(P.A, closed);
  std::vector<double> y(P.b.size(), 0.0);
  const PcgResult rp = pcg_solve(P.A, P.b, y, &plain, 1e-8, 400, PP->seam.get());
  EXPECT_GT(2 * rp.iterations, 3 * r.iterations);
}
