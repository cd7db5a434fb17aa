// Derivative checks (form_check.hpp) of the barrier coupling's LiquidBarrierForm and
// LevelSetInertiaForm: level-set unknowns appended after the solid coordinates. The barrier's
// Hessian is Gauss-Newton, kappa b''(g) grad d grad d^T (no b' Hess d term): exact where d is
// linear in the checked coordinates (level-set unknowns alone, or solids alone over an affine
// level set); elsewhere compared with kappa b''(g) times the outer products of central
// differences of d (the Gauss-Newton matrix itself).
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "../../form_check.hpp"
#include "../../solid/form_fixtures.hpp"
#include "../../solid/solid_fixtures.hpp"
#include "liquid_fixtures.hpp"
#include "ripple/contact/barrier.hpp"
#include "ripple/coupling/barrier/barrier_points.hpp"
#include "ripple/coupling/barrier/level_set_inertia_form.hpp"
#include "ripple/coupling/barrier/liquid_barrier_form.hpp"

namespace ripple {
namespace {

using test::check_form;
using test::deform_body;
using test::FormCheck;
using test::free_coordinates;
using test::set_affine;
using test::stretch;

// LiquidBarrierForm

struct LiquidCase {
  SolidModel m;
  LevelSetUnknowns ls;
  VectorX z;
};

/// A 3 x 3 cloth (thickness 2 mm) and a small rigid box 1.3-2 cm above the liquid surface
/// y = 0.2 (plus a bump of 4 mm unless `affine`), on an 8^3 grid of 5 cm cells; cells within
/// `band` of the surface are unknowns. `fixed`: the cloth pinned and the box static.
LiquidCase liquid_case(double band, bool affine, bool fixed) {
  LiquidCase c;
  SolidModelBuilder b;
  ShellMaterial shell;
  shell.thickness = 2e-3;
  BodyMotion motion;
  if (fixed) motion.pinned = {0, 1, 2, 3, 4, 5, 6, 7, 8};
  const auto cloth = test::cloth_grid(3, 0.08, 0.215, 0.16, 0.17);
  b.add_shell("cloth", cloth.x, cloth.triangles, shell, motion);
  BodyMotion box_motion;
  box_motion.fixed = fixed;
  const auto box = test::box_surface(Vec3(0.25, 0.218, 0.22), Vec3(0.29, 0.24, 0.26));
  b.add_rigid("box", box.x, box.triangles, RigidMaterial{}, box_motion);
  c.m = b.build();
  c.ls.grid = test::cube_grid(8, 0.05);
  c.ls.phi = test::flat_liquid(c.ls.grid, 0.2);
  c.ls.dof.resize(8, 8, 8, -1);
  std::vector<double> unknowns;
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j)
      for (int k = 0; k < 8; ++k) {
        const Vec3 x = c.ls.grid.cell_center(i, j, k);
        if (!affine) c.ls.phi(i, j, k) += 0.004 * std::sin(9 * x.x()) * std::cos(7 * x.z());
        if (std::abs(c.ls.phi(i, j, k)) < band) {
          c.ls.dof(i, j, k) = c.m.num_dofs + static_cast<int>(unknowns.size());
          unknowns.push_back(c.ls.phi(i, j, k));
        }
      }
  c.z.resize(c.m.num_dofs + static_cast<Eigen::Index>(unknowns.size()));
  c.z.head(c.m.num_dofs) = c.m.rest_coordinates();
  for (size_t i = 0; i < unknowns.size(); ++i) c.z[c.m.num_dofs + static_cast<Eigen::Index>(i)] = unknowns[i];
  return c;
}

/// c.z moved: the free cloth jittered by 2 mm, the free box turned and stretched a little,
/// every level-set unknown shifted by up to 3 mm.
VectorX liquid_input(const LiquidCase& c) {
  VectorX z = c.z;
  if (!c.m.dof_fixed[0]) deform_body(c.m, 0, Mat3::Identity(), Vec3::Constant(2e-3), 21, z);
  if (!c.m.bodies[1].fixed) set_affine(c.m, 1, stretch(1.01, 1.0, 1.02), Vec3(1e-3, -2e-3, 0), z);
  std::mt19937 rng(22);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (Eigen::Index i = c.m.num_dofs; i < z.size(); ++i) z[i] += 3e-3 * u(rng);
  return z;
}

constexpr double kLiquidDhat = 0.04, kLiquidKappa = 2.0;

void check_liquid_barrier(const LiquidCase& c, LevelSetInterpolation kind, BarrierSampling sampling,
                          bool gauss_newton_reference) {
  LiquidBarrierForm f(c.m, c.ls, kind, kLiquidDhat, kLiquidKappa, c.z, barrier_points(c.m.collision, {}, sampling));
  const VectorX z = liquid_input(c);
  ASSERT_GT(f.min_gap(z), 0.0);
  ASSERT_LT(f.min_gap(z), kLiquidDhat);
  FormCheck check;
  check.h = 1e-8;  // 1e-7 of the 5 cm cells; the gaps are 1-2 cm
  check.coordinates = free_coordinates(c.m, z.size());
  if (gauss_newton_reference)
    check.hessian_reference = [&](const VectorX& at) {
      const Eigen::Index n = static_cast<Eigen::Index>(check.coordinates.size());
      Eigen::MatrixXd H = Eigen::MatrixXd::Zero(n, n);
      const VectorX x = c.m.positions(at);
      for (int i = 0; i < f.num_points(); ++i) {
        const double gap = f.gap(at, x, i);
        if (gap >= kLiquidDhat) continue;
        Eigen::VectorXd grad(n);
        for (Eigen::Index k = 0; k < n; ++k) {
          VectorX zp = at, zm = at;
          zp[check.coordinates[k]] += check.h;
          zm[check.coordinates[k]] -= check.h;
          grad[k] = (f.distance(zp, c.m.positions(zp), i).value - f.distance(zm, c.m.positions(zm), i).value) /
                    (zp[check.coordinates[k]] - zm[check.coordinates[k]]);
        }
        H += kLiquidKappa * barrier(gap, kLiquidDhat).second * grad * grad.transpose();
      }
      return H;
    };
  check_form(f, z, check);
}

TEST(FormDerivatives, LiquidBarrierLevelSetUnknownsLinear) {
  // Solids fixed: d is linear in the unknowns, so the Gauss-Newton Hessian is exact.
  check_liquid_barrier(liquid_case(0.06, false, true), LevelSetInterpolation::linear, BarrierSampling::vertices, false);
}

TEST(FormDerivatives, LiquidBarrierLevelSetUnknownsQuadratic) {
  check_liquid_barrier(liquid_case(0.06, false, true), LevelSetInterpolation::quadratic, BarrierSampling::triangles,
                       false);
}

TEST(FormDerivatives, LiquidBarrierSolidsOverAffineLevelSetLinear) {
  // No unknowns and phi affine: d is affine in every vertex, and vertices in the deformable
  // and rigid coordinates, so Gauss-Newton is exact over both.
  check_liquid_barrier(liquid_case(0.0, true, false), LevelSetInterpolation::linear, BarrierSampling::vertices, false);
}

TEST(FormDerivatives, LiquidBarrierSolidsOverAffineLevelSetQuadratic) {
  check_liquid_barrier(liquid_case(0.0, true, false), LevelSetInterpolation::quadratic, BarrierSampling::triangles,
                       false);
}

TEST(FormDerivatives, LiquidBarrierCoupledLinearGaussNewton) {
  // Free solids and unknowns over a bumpy level set: the Hessian against the Gauss-Newton
  // matrix built from differences of d.
  check_liquid_barrier(liquid_case(0.06, false, false), LevelSetInterpolation::linear, BarrierSampling::edges, true);
}

TEST(FormDerivatives, LiquidBarrierCoupledQuadraticGaussNewton) {
  check_liquid_barrier(liquid_case(0.06, false, false), LevelSetInterpolation::quadratic, BarrierSampling::triangles,
                       true);
}

// LevelSetInertiaForm

TEST(FormDerivatives, LevelSetInertiaLaggedMasses) {
  // Unknowns in the liquid, at the surface (within 1/k of it) and in the air, scattered
  // among other coordinates; masses lagged at the start, as begin_iteration holds them.
  const int n = 40;
  std::vector<int> dofs;
  VectorX predicted(24), z0 = VectorX::Zero(n);
  std::mt19937 rng(31);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int i = 0; i < 24; ++i) {
    dofs.push_back(n - 1 - (7 * i) % n);
    z0[dofs.back()] = 0.05 * u(rng);
    predicted[i] = z0[dofs.back()] + 0.01 * u(rng);
  }
  LevelSetInertiaSettings s;
  s.cell_volume = 1.25e-4;
  s.sharpness = 300.0;
  LevelSetInertiaForm f(dofs, predicted, s);
  f.begin_iteration(z0);
  EXPECT_GT(f.masses().maxCoeff(), 100.0 * f.masses().minCoeff());  // liquid and air cells
  VectorX z = z0;
  for (auto& v : z) v += 0.02 * u(rng);
  FormCheck c;
  c.h = 1e-8;
  check_form(f, z, c);
}

}  // namespace
}  // namespace ripple
