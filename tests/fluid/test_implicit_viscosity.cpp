// Implicit viscosity (Batty & Bridson 2008): the system is the gradient of its energy (finite
// differences), symmetric and positive; rigid motions of a free drop feel no viscous force;
// plane Poiseuille flow and a decaying shear wave between no-slip walls against their analytic
// solutions; momentum kept in a periodic box; solids hold their faces' velocity.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>

#include <Eigen/Eigenvalues>

#include "../finite_difference.hpp"
#include "ripple/core/errors.hpp"
#include "ripple/fluid/implicit_viscosity.hpp"

namespace ripple {
namespace {

GridGeometry grid(Vec3i n, double dx) {
  GridGeometry g;
  g.dx = dx;
  g.n = n;
  return g;
}

ScalarGrid ball_phi(const GridGeometry& g, const Vec3& centre, double radius) {
  ScalarGrid phi(g.n);
  for (int64_t c = 0; c < phi.size(); ++c) {
    const Vec3i I = phi.coords(c);
    phi[c] = (g.cell_center(I.x(), I.y(), I.z()) - centre).norm() - radius;
  }
  return phi;
}

MacVelocity random_velocity(const GridGeometry& g, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  MacVelocity v;
  v.resize(g);
  for (auto& c : v.u)
    for (int64_t i = 0; i < c.size(); ++i) c[i] = u(rng);
  return v;
}

/// The viscous energy, its gradient and its (dense) Hessian at u, for derivative_errors.
test::ValueGradHess energy_at(const ViscositySystem& s, const VectorX& u) {
  test::ValueGradHess out;
  out.value = s.energy(u);
  VectorX au;
  s.apply(u, au);
  out.gradient = au - s.rhs();
  const int64_t n = s.unknowns();
  out.hessian.resize(n, n);
  VectorX e = VectorX::Zero(n), col;
  for (int64_t i = 0; i < n; ++i) {
    e[i] = 1.0;
    s.apply(e, col);
    out.hessian.col(i) = col;
    e[i] = 0.0;
  }
  return out;
}

TEST(ImplicitViscosity, SystemIsTheGradientOfItsEnergySymmetricAndPositive) {
  const GridGeometry g = grid(Vec3i(7, 6, 5), 0.1);
  // A drop resting on the floor and touching the x_min wall, an open top, and a solid closing
  // a few faces (moving): walls, open sides, solids and the free surface all enter.
  const ScalarGrid phi = ball_phi(g, Vec3(0.25, 0.2, 0.25), 0.27);
  SolidBoundary solids;
  for (int a = 0; a < 3; ++a) {
    solids.face_open[a] = ScalarGrid(g.face_dims(a), 1.0);
  }
  solids.velocity.resize(g);
  solids.face_open[0](3, 1, 2) = 0.0;
  solids.velocity.u[0](3, 1, 2) = 0.4;
  solids.face_open[1](2, 1, 2) = 0.0;
  solids.velocity.u[1](2, 1, 2) = -0.3;
  for (const PeriodicAxes periodic : {PeriodicAxes{false, false, false}, PeriodicAxes{false, false, true}}) {
    ViscosityParams p;
    p.viscosity = 400.0;  // 2 dt mu / (rho dx^2) = 1
    p.density = 800.0;
    p.dt = 0.01;
    p.walls = {true, false, true, true, !periodic[2], !periodic[2]};
    p.walls[3] = false;  // open top
    p.periodic = periodic;
    const MacVelocity ustar = random_velocity(g, 3);
    const ViscositySystem s(ustar, phi, g, &solids, p);
    ASSERT_GT(s.unknowns(), 50);
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> r(-1.0, 1.0);
    VectorX u(s.unknowns());
    for (int64_t i = 0; i < u.size(); ++i) u[i] = r(rng);
    test::expect_derivatives([&](const VectorX& x) { return energy_at(s, x); }, u, 1e-4, 1e-6,
                             periodic[2] ? "periodic z" : "walls");
    const Eigen::MatrixXd A = energy_at(s, u).hessian;
    EXPECT_LT((A - A.transpose()).cwiseAbs().maxCoeff(), 1e-12 * A.cwiseAbs().maxCoeff());
    EXPECT_GT(Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(A).eigenvalues().minCoeff(), 0.0);
    // The viscous part is really there: A is more than the mass fractions.
    EXPECT_GT(A.diagonal().maxCoeff(), 2.0);
  }
}

TEST(ImplicitViscosity, RigidMotionsOfAFreeDropFeelNoViscousForce) {
  const GridGeometry g = grid(Vec3i(16, 16, 16), 0.01);
  const Vec3 centre(0.08, 0.08, 0.08);
  const ScalarGrid phi = ball_phi(g, centre, 0.05);
  const Vec3 omega(0.3, -1.0, 0.6), drift(0.1, 0.05, -0.2);
  auto field = [&](auto velocity_at) {
    MacVelocity v;
    v.resize(g);
    for (int a = 0; a < 3; ++a)
      for (int64_t i = 0; i < v.u[a].size(); ++i) {
        const Vec3i f = v.u[a].coords(i);
        v.u[a][i] = velocity_at(g.face_center(a, f.x(), f.y(), f.z()))[a];
      }
    return v;
  };
  ViscosityParams p;
  p.viscosity = 5000.0;  // nu dt / dx^2 = 500
  p.dt = 0.01;
  p.walls = {true, true, true, true, true, true};
  p.tolerance = 1e-12;
  const MacVelocity rigid = field([&](const Vec3& x) -> Vec3 { return drift + omega.cross(x - centre); });
  MacVelocity out = rigid;
  const ViscosityResult r = apply_implicit_viscosity(out, phi, g, nullptr, p);
  EXPECT_GT(r.unknowns, 1000);
  double change = 0.0;
  for (int a = 0; a < 3; ++a)
    for (int64_t i = 0; i < out.u[a].size(); ++i) change = std::max(change, std::abs(out.u[a][i] - rigid.u[a][i]));
  EXPECT_LT(change, 1e-8);
  // A shear of the same size is not a rigid motion: the drop's viscosity turns it.
  const MacVelocity shear = field([&](const Vec3& x) { return Vec3(2.0 * (x.y() - centre.y()), 0.0, 0.0); });
  out = shear;
  apply_implicit_viscosity(out, phi, g, nullptr, p);
  change = 0.0;
  for (int a = 0; a < 3; ++a)
    for (int64_t i = 0; i < out.u[a].size(); ++i) change = std::max(change, std::abs(out.u[a][i] - shear.u[a][i]));
  EXPECT_GT(change, 0.01);
}

/// Plane Poiseuille flow between no-slip walls y = 0 and H, driven by g along x (periodic x,
/// z): the steady state of the implicit steps against u = g / (2 nu) y (H - y); returns the
/// largest error over u_max.
double poiseuille_error(int cells) {
  const double H = 0.16, dx = H / cells, g_x = 9.81, mu = 1.0, rho = 1000.0, nu = mu / rho;
  const GridGeometry g = grid(Vec3i(4, cells, 4), dx);
  const ScalarGrid phi(g.n, -dx);  // liquid everywhere
  MacVelocity v;
  v.resize(g);
  ViscosityParams p;
  p.viscosity = mu;
  p.density = rho;
  p.dt = 5.0;  // nu dt pi^2 / H^2 = 1.9: each step shrinks the transient five-fold
  p.walls = {false, false, true, true, false, false};
  p.periodic = {true, false, true};
  p.tolerance = 1e-12;
  for (int step = 0; step < 40; ++step) {
    for (double& u : v.u[0].data()) u += g_x * p.dt;
    apply_implicit_viscosity(v, phi, g, nullptr, p);
  }
  const double u_max = g_x * H * H / (8.0 * nu);
  double error = 0.0;
  for (int j = 0; j < cells; ++j) {
    const double y = (j + 0.5) * dx, exact = g_x / (2.0 * nu) * y * (H - y);
    for (int i = 0; i <= 4; ++i) error = std::max(error, std::abs(v.u[0](i, j, 2) - exact) / u_max);
  }
  return error;
}

TEST(ImplicitViscosity, PlanePoiseuilleFlowBetweenNoSlipWalls) {
  const double coarse = poiseuille_error(8), fine = poiseuille_error(16);
  std::printf("Poiseuille, largest error over u_max: 8 cells %.4f, 16 cells %.4f\n", coarse, fine);
  EXPECT_LT(fine, 0.02);
  EXPECT_GT(coarse / fine, 3.0);  // second order: the mirrored wall sits on the domain's face
}

TEST(ImplicitViscosity, ShearWaveDecaysAtTheViscousRate) {
  // u = U sin(pi y / H) between no-slip walls decays as exp(-nu pi^2 t / H^2).
  const int cells = 16;
  const double H = 0.16, dx = H / cells, mu = 0.5, rho = 1000.0, nu = mu / rho;
  const double T = H * H / (nu * M_PI * M_PI);  // one e-folding
  const GridGeometry g = grid(Vec3i(2, cells, 2), dx);
  const ScalarGrid phi(g.n, -dx);
  MacVelocity v;
  v.resize(g);
  for (int64_t i = 0; i < v.u[0].size(); ++i) {
    const Vec3i f = v.u[0].coords(i);
    v.u[0][i] = std::sin(M_PI * (f.y() + 0.5) / cells);
  }
  ViscosityParams p;
  p.viscosity = mu;
  p.density = rho;
  p.walls = {false, false, true, true, false, false};
  p.periodic = {true, false, true};
  p.tolerance = 1e-12;
  const int steps = 200;
  p.dt = T / steps;
  for (int s = 0; s < steps; ++s) apply_implicit_viscosity(v, phi, g, nullptr, p);
  for (int j = 0; j < cells; ++j) {
    const double exact = std::exp(-1.0) * std::sin(M_PI * (j + 0.5) / cells);
    EXPECT_NEAR(v.u[0](1, j, 1), exact, 0.02 * std::exp(-1.0)) << j;
  }
}

TEST(ImplicitViscosity, KeepsMomentumInAPeriodicBoxAndTakesEnergy) {
  const GridGeometry g = grid(Vec3i(8, 6, 4), 0.05);
  const ScalarGrid phi(g.n, -g.dx);
  MacVelocity v = random_velocity(g, 11);
  ViscosityParams p;
  p.viscosity = 30.0;  // 2 dt mu / (rho dx^2) = 0.48
  p.dt = 0.02;
  p.periodic = {true, true, true};
  p.tolerance = 1e-13;
  // Faces of a periodic side are one face: the seam's copies as one.
  auto momentum = [&](const MacVelocity& m) {
    Vec3 sum = Vec3::Zero();
    double energy = 0.0;
    for (int a = 0; a < 3; ++a)
      for (int64_t i = 0; i < m.u[a].size(); ++i) {
        if (m.u[a].coords(i)[a] == g.n[a]) continue;
        sum[a] += m.u[a][i];
        energy += 0.5 * m.u[a][i] * m.u[a][i];
      }
    return std::pair(sum, energy);
  };
  join_periodic_faces(v, p.periodic);
  const auto [before, e_before] = momentum(v);
  apply_implicit_viscosity(v, phi, g, nullptr, p);
  const auto [after, e_after] = momentum(v);
  EXPECT_LT((after - before).norm(), 1e-9 * before.norm() + 1e-12);
  EXPECT_LT(e_after, 0.5 * e_before);  // random noise is mostly short waves: they go first
  for (int a = 0; a < 3; ++a)  // both copies of every seam face stay one
    for (int64_t i = 0; i < v.u[a].size(); ++i) {
      const Vec3i f = v.u[a].coords(i);
      if (f[a] != 0) continue;
      Vec3i top = f;
      top[a] = g.n[a];
      EXPECT_EQ(v.u[a][i], v.u[a](top.x(), top.y(), top.z()));
    }
}

TEST(ImplicitViscosity, AClosedSolidFaceDragsTheLiquidAndKeepsItsVelocity) {
  const GridGeometry g = grid(Vec3i(8, 8, 8), 0.01);
  const ScalarGrid phi(g.n, -g.dx);
  SolidBoundary solids;
  for (int a = 0; a < 3; ++a) solids.face_open[a] = ScalarGrid(g.face_dims(a), 1.0);
  solids.velocity.resize(g);
  for (int i = 0; i <= 8; ++i)  // a plate of x-faces in the plane y = 4.5 dx, moving along x
    for (int k = 0; k < 8; ++k) {
      solids.face_open[0](i, 4, k) = 0.0;
      solids.velocity.u[0](i, 4, k) = 1.0;
    }
  MacVelocity v;
  v.resize(g);
  ViscosityParams p;
  p.viscosity = 5.0;  // 2 dt mu / (rho dx^2) = 1
  p.dt = 0.01;
  p.walls = {true, true, true, true, true, true};
  apply_implicit_viscosity(v, phi, g, &solids, p);
  EXPECT_EQ(v.u[0](4, 4, 4), 0.0);  // a fixed face is not written (the projection sets it)
  EXPECT_GT(v.u[0](4, 3, 4), 0.1);  // dragged along by the plate next to it
  EXPECT_GT(v.u[0](4, 5, 4), 0.1);
  EXPECT_GT(v.u[0](4, 3, 4), v.u[0](4, 1, 4));  // less further away
}

TEST(ImplicitViscosity, ASolveThatDoesNotConvergeIsAnError) {
  const GridGeometry g = grid(Vec3i(6, 6, 6), 0.01);
  const ScalarGrid phi(g.n, -g.dx);
  MacVelocity v = random_velocity(g, 5);
  ViscosityParams p;
  p.viscosity = 10.0;
  p.dt = 0.01;
  p.walls = {true, true, true, true, true, true};
  p.max_iterations = 1;
  EXPECT_THROW(apply_implicit_viscosity(v, phi, g, nullptr, p), SimulationError);
}

}  // namespace
}  // namespace ripple
