// The solid-liquid barrier (Liu et al. 2025, Eq. 18-21) over solid coordinates and level-set
// unknowns: gradient against finite differences (deformable and rigid vertices, linear and
// quadratic interpolation), the Eq. 20 Hessian exact where the distance is linear, PSD.
#include <gtest/gtest.h>

#include <random>

#include "../../solid/solid_fixtures.hpp"
#include "ripple/coupling/barrier/liquid_barrier_form.hpp"
#include "ripple/coupling/barrier/penetration_check.hpp"

namespace ripple {
namespace {

struct BarrierScene {
  SolidModel m;
  LevelSetUnknowns ls;
  VectorX z;
};

/// A 4 x 4 cloth (shell thickness 2 mm) and a small rigid box, 1-3 cm above the liquid surface
/// y = 0.3 (phi = y - 0.3 + a small bump), on a 10^3 grid of 5 cm cells; cells within
/// `band` of the surface are unknowns, appended after the solid coordinates.
BarrierScene make_setup(double band) {
  BarrierScene s;
  SolidModelBuilder b;
  ShellMaterial shell;
  shell.thickness = 2e-3;
  const auto cloth = test::cloth_grid(4, 0.12, 0.315, 0.2, 0.21);
  b.add_shell("cloth", cloth.x, cloth.triangles, shell);
  const auto box = test::box_surface(Vec3(0.28, 0.318, 0.27), Vec3(0.33, 0.34, 0.31));
  b.add_rigid("box", box.x, box.triangles, RigidMaterial{});
  s.m = b.build();
  s.ls.grid.origin = Vec3::Zero();
  s.ls.grid.dx = 0.05;
  s.ls.grid.n = Vec3i(10, 10, 10);
  s.ls.phi.resize(10, 10, 10);
  s.ls.dof.resize(10, 10, 10, -1);
  std::vector<double> unknowns;
  for (int i = 0; i < 10; ++i)
    for (int j = 0; j < 10; ++j)
      for (int k = 0; k < 10; ++k) {
        const Vec3 c = s.ls.grid.cell_center(i, j, k);
        const double phi = c.y() - 0.3 + 0.004 * std::sin(9 * c.x()) * std::cos(7 * c.z());
        s.ls.phi(i, j, k) = phi;
        if (std::abs(phi) < band) {
          s.ls.dof(i, j, k) = s.m.num_dofs + static_cast<int>(unknowns.size());
          unknowns.push_back(phi);
        }
      }
  s.z.resize(s.m.num_dofs + static_cast<Eigen::Index>(unknowns.size()));
  s.z.head(s.m.num_dofs) = s.m.rest_coordinates();
  for (size_t i = 0; i < unknowns.size(); ++i) s.z[s.m.num_dofs + static_cast<Eigen::Index>(i)] = unknowns[i];
  return s;
}

void check_gradient(LevelSetInterpolation kind, double band, BarrierSampling points = BarrierSampling::vertices) {
  SCOPED_TRACE(static_cast<int>(points));
  BarrierScene s = make_setup(band);
  const double dhat = 0.04;
  LiquidBarrierForm f(s.m, s.ls, kind, dhat, 1.0, s.z, barrier_points(s.m.collision, {}, points));
  f.begin_iteration(s.z);
  ASSERT_GT(f.min_gap(s.z), 0.0);
  ASSERT_LT(f.min_gap(s.z), dhat);
  VectorX g = VectorX::Zero(s.z.size());
  std::vector<Triplet> t;
  f.add_derivatives(s.z, g, &t);
  ASSERT_GT(g.norm(), 0.0);
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int trial = 0; trial < 10; ++trial) {
    VectorX dir(s.z.size());
    for (auto& v : dir) v = u(rng);
    for (int i = 0; i < s.m.num_dofs; ++i)
      if (s.m.dof_fixed[i]) dir[i] = 0.0;
    const double h = 1e-7;
    const double fd = (f.value(s.z + h * dir) - f.value(s.z - h * dir)) / (2 * h);
    EXPECT_NEAR(g.dot(dir), fd, 1e-5 * std::abs(fd) + 1e-9) << "trial " << trial;
  }
  Eigen::SparseMatrix<double> H(s.z.size(), s.z.size());
  H.setFromTriplets(t.begin(), t.end());
  const Eigen::MatrixXd Hd(H);
  EXPECT_GT(Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(Hd).eigenvalues().minCoeff(), -1e-9 * Hd.norm());
}

TEST(LiquidBarrierForm, GradientMatchesFiniteDifferences) {
  check_gradient(LevelSetInterpolation::linear, 0.12);
  check_gradient(LevelSetInterpolation::quadratic, 0.12);
  check_gradient(LevelSetInterpolation::quadratic, 0.0);  // no unknowns: solids only
}

// Edge midpoints and face centroids (of the cloth and of the rigid box, whose points chain
// through the box's translation and affine columns) weigh their vertices' derivatives.
TEST(LiquidBarrierForm, GradientMatchesFiniteDifferencesAtEdgeAndTrianglePoints) {
  for (BarrierSampling points : {BarrierSampling::edges, BarrierSampling::triangles}) {
    check_gradient(LevelSetInterpolation::linear, 0.12, points);
    check_gradient(LevelSetInterpolation::quadratic, 0.12, points);
  }
}

TEST(LiquidBarrierForm, HessianIsExactForAFixedAffineLevelSet) {
  // No level-set unknowns and an affine phi (no bump): d is linear in each deformable vertex,
  // so b''(g) grad d grad d^T is the whole Hessian over the cloth's coordinates.
  BarrierScene s = make_setup(0.0);
  for (int i = 0; i < 10; ++i)
    for (int j = 0; j < 10; ++j)
      for (int k = 0; k < 10; ++k) s.ls.phi(i, j, k) = s.ls.grid.cell_center(i, j, k).y() - 0.3;
  LiquidBarrierForm f(s.m, s.ls, LevelSetInterpolation::linear, 0.04, 2.0, s.z);
  std::vector<Triplet> t;
  VectorX g = VectorX::Zero(s.z.size());
  f.add_derivatives(s.z, g, &t);
  Eigen::SparseMatrix<double> H(s.z.size(), s.z.size());
  H.setFromTriplets(t.begin(), t.end());
  const int cloth_dofs = 3 * 16;
  for (int i = 0; i < cloth_dofs; ++i) {
    VectorX e = VectorX::Zero(s.z.size());
    e[i] = 1e-7;
    VectorX gp = VectorX::Zero(s.z.size()), gm = VectorX::Zero(s.z.size());
    f.add_derivatives(s.z + e, gp, nullptr);
    f.add_derivatives(s.z - e, gm, nullptr);
    const VectorX column = (gp - gm) / 2e-7;
    EXPECT_LT((VectorX(H.col(i)) - column).head(cloth_dofs).norm(), 1e-5 * (1.0 + column.norm())) << i;
  }
  // The barrier pushes the cloth up, away from the liquid.
  for (int v = 0; v < 16; ++v) EXPECT_LT(g[3 * v + 1], 0.0);
}

/// Smallest gap of all vertices along z + s dz, s in [0, alpha], densely sampled; the
/// quadratic stencils refreshed at every sample, as the solver does.
double min_gap_along(LiquidBarrierForm& f, const VectorX& z, const VectorX& dz, double alpha) {
  double best = INFINITY;
  for (int i = 0; i <= 400; ++i) {
    const VectorX q = z + (alpha * i / 400.0) * dz;
    f.begin_iteration(q);
    best = std::min(best, f.min_gap(q));
  }
  f.begin_iteration(z);
  return best;
}

void check_ccd(LevelSetInterpolation kind, BarrierSampling points = BarrierSampling::vertices) {
  SCOPED_TRACE(static_cast<int>(points));
  BarrierScene s = make_setup(0.12);
  LiquidBarrierForm f(s.m, s.ls, kind, 0.04, 1.0, s.z, barrier_points(s.m.collision, {}, points));
  f.begin_iteration(s.z);
  const double g0 = f.min_gap(s.z);
  std::mt19937 rng(8);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  int stopped = 0;
  for (int trial = 0; trial < 12; ++trial) {
    // Solids sink by 2-8 cm with jitter; the level-set unknowns rise by up to 3 cm.
    VectorX dz = VectorX::Zero(s.z.size());
    const double sink = 0.02 + 0.06 * (trial % 4) / 3.0;
    for (int i = 0; i < s.m.num_dofs; ++i) dz[i] = 0.01 * u(rng);
    for (int v = 0; v < 16; ++v) dz[3 * v + 1] -= sink;          // cloth vertices
    dz[s.m.bodies[1].first_dof + 1] -= sink;                      // the box's centre
    for (Eigen::Index i = s.m.num_dofs; i < s.z.size(); ++i) dz[i] = trial % 2 ? -0.03 * (0.5 + 0.5 * u(rng)) : 0.0;
    for (int i = 0; i < s.m.num_dofs; ++i)
      if (s.m.dof_fixed[i]) dz[i] = 0.0;
    const double alpha = f.max_step(s.z, dz);
    const double along = min_gap_along(f, s.z, dz, alpha);
    EXPECT_GT(along, 0.0) << "trial " << trial << " alpha " << alpha;
    EXPECT_GE(along, 0.1 * g0 * (1 - 1e-9)) << "trial " << trial;
    stopped += alpha < 1.0;
    // Not timid: the first time the sampled gap reaches 10 % of the start is just beyond
    // (measured: alpha within 0-3 % of it).
    if (alpha < 1.0) {
      double first = 1.0;
      for (int i = 1; i <= 400 && first == 1.0; ++i) {
        const VectorX q = s.z + (i / 400.0) * dz;
        f.begin_iteration(q);
        if (f.min_gap(q) < 0.1 * g0) first = i / 400.0;
      }
      f.begin_iteration(s.z);
      EXPECT_GT(alpha, 0.9 * first) << "trial " << trial << ": stopped at " << alpha << ", gap reaches 10 % at " << first;
    }
  }
  EXPECT_GT(stopped, 6);
  // The liquid alone rising 5 cm past the still solids: stopped by the level-set motion.
  VectorX rise = VectorX::Zero(s.z.size());
  rise.tail(s.z.size() - s.m.num_dofs).setConstant(-0.05);
  const double a = f.max_step(s.z, rise);
  EXPECT_LT(a, 1.0);
  EXPECT_GE(min_gap_along(f, s.z, rise, a), 0.1 * g0 * (1 - 1e-9));
  // Moving away from the liquid: the whole step.
  VectorX up = VectorX::Zero(s.z.size());
  for (int v = 0; v < 16; ++v) up[3 * v + 1] = 0.05;
  EXPECT_EQ(f.max_step(s.z, up), 1.0);
}

TEST(LiquidBarrierForm, CcdKeepsEveryVertexOutOfTheLiquid) {
  check_ccd(LevelSetInterpolation::linear);
  check_ccd(LevelSetInterpolation::quadratic);
}

TEST(LiquidBarrierForm, CcdKeepsEveryEdgeAndTrianglePointOutOfTheLiquid) {
  check_ccd(LevelSetInterpolation::linear, BarrierSampling::triangles);
  check_ccd(LevelSetInterpolation::quadratic, BarrierSampling::triangles);
}

/// One 2 cm right triangle of shell (2 mm thick) with its right angle at `corner`, in the x-z plane.
SolidModel chip(const Vec3& corner) {
  SolidModelBuilder b;
  ShellMaterial shell;
  shell.thickness = 2e-3;
  b.add_shell("chip", {corner, corner + Vec3(0.02, 0, 0), corner + Vec3(0, 0, 0.02)}, {{0, 1, 2}}, shell);
  return b.build();
}

// A vertex exactly on a quadratic stencil's edge (x on a cell face: t_x = 0.5) moving almost
// only along y, with a tiny -x drift, far above the liquid. The CCD used to re-take the
// stencil at the crossing from a nudged point whose x nudge was lost in rounding, and so
// stalled at a step of 0 (a whole coupled solve then made no progress).
TEST(LiquidBarrierForm, CcdCrossesAStencilEdgeAlongATinyDrift) {
  BarrierScene s = make_setup(0.12);
  const SolidModel m = chip(Vec3(0.35, 0.45, 0.25));
  const int extra = static_cast<int>(s.z.size()) - s.m.num_dofs;
  LevelSetUnknowns ls = s.ls;
  for (int& d : ls.dof.data())
    if (d >= 0) d = d - s.m.num_dofs + m.num_dofs;
  VectorX z(m.num_dofs + extra);
  z.head(m.num_dofs) = m.rest_coordinates();
  z.tail(extra) = s.z.tail(extra);
  LiquidBarrierForm f(m, ls, LevelSetInterpolation::quadratic, 0.04, 1.0, z);
  f.begin_iteration(z);
  ASSERT_GT(f.min_gap(z), 0.1);
  VectorX dz = VectorX::Zero(z.size());
  for (int v = 0; v < 3; ++v) {
    dz[3 * v] = -1e-7;     // drift across the stencil edge
    dz[3 * v + 1] = -0.02; // towards the liquid, 15 cm below
  }
  EXPECT_EQ(f.max_step(z, dz), 1.0);
}

// A frozen linear stencil extrapolates its own cell's samples (Sec. 4.3.3). Here its cell
// reads 6 cm of air everywhere while the next cells hold liquid, so the frozen gap never
// shrinks as the chip moves 2 cells into the liquid: the CCD must also follow the level set's
// own trilinear field, and the vertices it stops are paired afresh at the next iteration.
TEST(LiquidBarrierForm, CcdFollowsTheTrilinearFieldBeyondAFrozenStencil) {
  const SolidModel m = chip(Vec3(0.2, 0.25, 0.25));
  LevelSetUnknowns ls;
  ls.grid.origin = Vec3::Zero();
  ls.grid.dx = 0.05;
  ls.grid.n = Vec3i(10, 10, 10);
  ls.phi.resize(10, 10, 10);
  ls.dof.resize(10, 10, 10, -1);
  for (int i = 0; i < 10; ++i)  // air (0.06 m) up to cell 4, then liquid deepening by 8 cm a cell
    for (int j = 0; j < 10; ++j)
      for (int k = 0; k < 10; ++k) ls.phi(i, j, k) = i <= 4 ? 0.06 : 0.06 - 0.08 * (i - 4);
  const VectorX z = m.rest_coordinates();
  VectorX dz = VectorX::Zero(z.size());
  for (int v = 0; v < 3; ++v) dz[3 * v] = 0.1;  // 2 cells along +x, into the liquid
  auto true_gap = [&](const VectorX& q) { return check_penetration(ls.grid, ls.phi, m.collision, m.positions(q)).min_distance; };
  const double g0 = true_gap(z);
  ASSERT_GT(g0, 0.05);
  ASSERT_LT(true_gap(z + dz), 0.0);  // the whole step would end inside the liquid
  LiquidBarrierForm f(m, ls, LevelSetInterpolation::linear, 0.04, 1.0, z);
  EXPECT_NEAR(f.min_gap(z + dz), g0, 1e-12);  // the frozen stencils see no liquid at all
  const double alpha = f.max_step(z, dz);
  EXPECT_LT(alpha, 1.0);
  for (int i = 0; i <= 200; ++i) {  // the trilinear gap keeps 10 % of its start along the step
    const double a = alpha * i / 200.0;
    EXPECT_GE(true_gap(z + a * dz), 0.1 * g0 * (1 - 1e-9)) << "at alpha " << a;
  }
  // Not timid: the trilinear gap reaches 10 % within a few per cent of the step beyond alpha.
  EXPECT_LT(true_gap(z + std::min(1.0, alpha + 0.03) * dz), 0.1 * g0);
  // Re-paired at the next iteration: the barrier then reads the level set's own field.
  const VectorX q = z + alpha * dz;
  f.begin_iteration(q);
  EXPECT_EQ(f.repaired_stencils(), 3);  // each one's step was bounded by the trilinear field
  EXPECT_NEAR(f.min_gap(q), true_gap(q), 1e-12);
}

}  // namespace
}  // namespace ripple
