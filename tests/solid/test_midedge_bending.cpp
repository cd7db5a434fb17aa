// Mid-edge (second fundamental form) shell bending: derivatives against finite differences,
// free boundary edges, no force at rest, rigid invariance, and the plate energy of
// cylinders, saddles and twists on a regular grid, where the one-hinge energy is off.
#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <random>

#include "../finite_difference.hpp"
#include "ripple/solid/energies/midedge_bending.hpp"
#include "ripple/solid/mesh_generators.hpp"
#include "ripple/solid/midedge_elements.hpp"
#include "ripple/solid/forms/elastic_form.hpp"
#include "ripple/solid/solid_builder.hpp"
#include "ripple/solid/solid_step.hpp"

namespace ripple {
namespace {

using Eigen::VectorXd;
using Vec18 = Eigen::Matrix<double, 18, 1>;
using test::to_dynamic;

std::mt19937 rng(31);
double uniform() { return std::uniform_real_distribution<double>(-1.0, 1.0)(rng); }

/// A triangle with its three neighbours, roughly flat in the xz-plane.
Vec18 patch() {
  Vec18 x;
  x << 0, 0, 0, 1, 0, 0.1, 0.4, 0, 1,   // triangle
      0.9, 0.1, 1.0, -0.5, -0.1, 0.6, 0.6, 0.05, -0.8;  // across edges opposite x0, x1, x2
  return x;
}

TEST(MidedgeBending, DerivativesMatchFiniteDifferences) {
  for (const std::array<bool, 3> interior : {std::array<bool, 3>{true, true, true}, {true, false, true}, {false, false, true}}) {
    Vec18 x0 = patch();
    for (int i = 0; i < 3; ++i)
      if (!interior[i]) x0.segment<3>(9 + 3 * i) = x0.segment<3>(3 * i);  // missing neighbour repeats x_i
    const Mat3 K = midedge_bending_stiffness(x0.segment<3>(0), x0.segment<3>(3), x0.segment<3>(6), interior, 2.0, 0.3);
    for (int i = 0; i < 3; ++i) EXPECT_EQ(K(i, i) == 0.0, !interior[i]);
    EXPECT_GT(Eigen::SelfAdjointEigenSolver<Mat3>(K).eigenvalues().minCoeff(), -1e-12);
    const Vec3 rest(0.2, -0.1, 0.3);
    auto energy = [&](const VectorXd& x) {
      const Vec18 y = x;
      return to_dynamic(midedge_bending_energy(y, K, rest, HingeHessian::exact));
    };
    for (int trial = 0; trial < 10; ++trial) {
      Vec18 x = x0;
      for (int k = 0; k < 18; ++k)
        if (k < 9 || interior[(k - 9) / 3]) x[k] += 0.3 * uniform();
      test::expect_derivatives(energy, x, 1e-6, 1e-5, "midedge energy");
      const auto exact = midedge_bending_energy(x, K, rest, HingeHessian::exact);
      for (HingeHessian mode : {HingeHessian::projected, HingeHessian::gauss_newton}) {
        const auto d = midedge_bending_energy(x, K, rest, mode);
        EXPECT_NEAR(d.value, exact.value, 1e-14 * (1 + exact.value));
        EXPECT_LT((d.gradient - exact.gradient).norm(), 1e-12 * (1.0 + exact.gradient.norm()));
        using Solver = Eigen::SelfAdjointEigenSolver<Eigen::Matrix<double, 18, 18>>;
        EXPECT_GT(Solver(d.hessian).eigenvalues().minCoeff(), -1e-9 * (1 + d.hessian.norm()));
      }
    }
  }
}

TEST(MidedgeBending, NoForceAtRestAndRigidInvariance) {
  const Vec18 x = patch();  // rest: its own (non-flat) angles
  const Mat3 K = midedge_bending_stiffness(x.segment<3>(0), x.segment<3>(3), x.segment<3>(6), {true, true, true}, 1.0, 0.3);
  const Vec3 rest(midedge_angle(x, 0), midedge_angle(x, 1), midedge_angle(x, 2));
  EXPECT_GT(rest.norm(), 0.05);
  EXPECT_LT(midedge_bending_energy(x, K, rest, HingeHessian::exact).gradient.norm(), 1e-12);
  Vec18 bent = x;
  bent.segment<3>(9) += Vec3(0, 0.2, 0);
  const Mat3 R = Eigen::AngleAxisd(1.1, Vec3(0.3, 1, -0.4).normalized()).toRotationMatrix();
  Vec18 moved;
  for (int k = 0; k < 6; ++k) moved.segment<3>(3 * k) = R * bent.segment<3>(3 * k) + Vec3(2, -1, 0.5);
  const double e = midedge_bending_energy(bent, K, rest, HingeHessian::exact).value;
  EXPECT_GT(e, 0.0);
  EXPECT_NEAR(midedge_bending_energy(moved, K, rest, HingeHessian::exact).value, e, 1e-12 * e);
}

/// Energy per rest area of the grid's interior triangles for the height field
/// y = (a x^2 + 2 c x z + b z^2) / 2, D = 1.
double energy_density(double a, double b, double c, double nu) {
  const auto grid = cloth_grid(Vec3::Zero(), 0.2, 0.2, 21);
  SolidModel m;
  add_midedge_bending_elements(m, 0, grid.vertices, grid.triangles, 1.0, nu);
  double energy = 0.0, area = 0.0;
  for (size_t t = 0; t < m.bending_triangles.size(); ++t) {
    const auto& s = m.bending_triangles[t];
    bool interior = true;
    Vec18 x;
    for (int k = 0; k < 6; ++k) {
      const Vec3 p = grid.vertices[s[k]];
      interior = interior && std::abs(p.x()) < 0.095 && std::abs(p.z()) < 0.095;
      x.segment<3>(3 * k) = Vec3(p.x(), 0.5 * (a * p.x() * p.x() + 2 * c * p.x() * p.z() + b * p.z() * p.z()), p.z());
    }
    if (!interior) continue;
    energy += midedge_bending_energy(x, m.bending_triangle_stiffness[t], m.bending_triangle_rest_angle[t],
                                     HingeHessian::gauss_newton).value;
    area += 0.5 * (grid.vertices[s[1]] - grid.vertices[s[0]]).cross(grid.vertices[s[2]] - grid.vertices[s[0]]).norm();
  }
  return energy / area;
}

TEST(MidedgeBending, PlateEnergyOfCylinderSaddleAndTwist) {
  // Plate energy per area D/2 [nu tr(II)^2 + (1 - nu) tr(II^2)] with D = 1, curvature 0.5 /m.
  const double k = 0.5;
  for (double nu : {0.0, 0.3}) {
    EXPECT_NEAR(energy_density(k, 0, 0, nu), 0.5 * k * k, 0.02 * 0.5 * k * k) << "cylinder along z, nu " << nu;
    EXPECT_NEAR(energy_density(0, k, 0, nu), 0.5 * k * k, 0.02 * 0.5 * k * k) << "cylinder along x, nu " << nu;
    EXPECT_NEAR(energy_density(k, -k, 0, nu), (1 - nu) * k * k, 0.02 * k * k) << "saddle, nu " << nu;
  }
  // Twist: D/2 (1 - nu) 2 c^2 exactly would be c^2 for nu = 0; the alternating grid gives 2 c^2
  // (a known stiffening of twist on this triangulation), stated here so a change shows.
  EXPECT_NEAR(energy_density(0, 0, k, 0.0), 2.0 * k * k, 0.05 * k * k);
}

/// A shell built with `midedge` bending gets one element per triangle and no hinges; a sheet
/// creased at rest (a kirigami fold) feels no bending force in its rest shape.
TEST(MidedgeBending, CreasedSheetRestsInItsFold) {
  auto grid = cloth_grid(Vec3::Zero(), 0.2, 0.2, 9);
  for (Vec3& p : grid.vertices)
    if (p.x() > 0) p.y() = 0.6 * p.x();  // fold along x = 0
  SolidModelBuilder b;
  ShellMaterial mat;
  mat.bending = ShellBending::midedge;
  b.add_shell("sheet", grid.vertices, grid.triangles, mat, BodyMotion{});
  const SolidModel m = b.build();
  EXPECT_EQ(m.bending_triangles.size(), grid.triangles.size());
  EXPECT_TRUE(m.hinges.empty());
  const SolidState s = initial_solid_state(m);
  ElasticForm elastic(m, 1.0);
  VectorX g = VectorX::Zero(s.z.size());
  elastic.add_scaled(s.z, 1.0, nullptr, g, nullptr);
  EXPECT_LT(g.norm(), 1e-12);
  // Flattening it stores energy (bending and the slanted half's membrane).
  VectorX flat = s.z;
  for (int v = 0; v < m.num_vertices; ++v) flat[m.vertex_dof[v] + 1] = 0.0;
  EXPECT_LT(elastic.energy(s.z), 1e-20);
  EXPECT_GT(elastic.energy(flat), 1e-9);
}

}  // namespace
}  // namespace ripple
