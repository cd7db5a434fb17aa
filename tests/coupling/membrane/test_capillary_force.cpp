// The membrane's surface tension (Ruan et al. 2021, Eq. 9-11): the capillary forces are minus
// sigma times the area's gradient (central differences), equal -L_c x exactly (the cotangent
// Laplacian of the positions), L_c is symmetric positive semi-definite with zero row sums, and
// triangles on the walls carry no capillary energy but each side's wetting energy
// -sigma cos(theta) A, whose forces are its gradient and pull the contact line up a wetting wall.
#include <gtest/gtest.h>

#include <numbers>
#include <random>

#include "ripple/coupling/membrane/capillary_force.hpp"
#include "ripple/coupling/membrane/liquid_membrane.hpp"

namespace ripple {
namespace {

GridGeometry unit_grid(int n) {
  GridGeometry g;
  g.n = Vec3i::Constant(n);
  g.dx = 1.0 / n;
  return g;
}

/// The membrane of a sphere of radius r (m) at the centre of the unit box, jittered.
LiquidMembrane jittered_sphere(int n, double r, double jitter) {
  const GridGeometry g = unit_grid(n);
  ScalarGrid phi(g.n, 0.0);
  for (int64_t c = 0; c < phi.size(); ++c) {
    const Vec3i I = phi.coords(c);
    phi[c] = (g.cell_center(I.x(), I.y(), I.z()) - Vec3::Constant(0.5)).norm() - r;
  }
  LiquidMembrane m = build_membrane(phi, g, 2);
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-jitter, jitter);
  for (Vec3& x : m.x) x += Vec3(u(rng), u(rng), u(rng));
  return m;
}

/// The largest gap between the forces f and minus the central differences of `energy` (step
/// 1e-6 m) over every `stride`-th particle that `which` accepts, and the largest difference.
template <class Energy, class Which>
std::pair<double, double> force_gradient_gap(LiquidMembrane& m, const std::vector<Vec3>& f, Energy energy,
                                             size_t stride, Which which) {
  const double h = 1e-6;
  double worst = 0.0, scale = 0.0;
  for (size_t i = 0; i < m.size(); i += stride) {
    if (!which(i)) continue;
    for (int a = 0; a < 3; ++a) {
      const double x0 = m.x[i][a];
      m.x[i][a] = x0 + h;
      const double ep = energy(m);
      m.x[i][a] = x0 - h;
      const double em = energy(m);
      m.x[i][a] = x0;
      const double fd = -(ep - em) / (2 * h);
      worst = std::max(worst, std::abs(fd - f[i][a]));
      scale = std::max(scale, std::abs(fd));
    }
  }
  return {worst, scale};
}

/// Checks that f = -L x per axis (1e-10 relative), and that L is symmetric with zero row sums
/// and x^T L x >= 0 for random x.
void expect_laplacian_of_forces(const LiquidMembrane& m, const std::vector<Vec3>& f,
                                const Eigen::SparseMatrix<double>& L) {
  ASSERT_EQ(L.rows(), static_cast<Eigen::Index>(m.size()));
  double worst = 0.0, scale = 0.0;
  for (int a = 0; a < 3; ++a) {
    VectorX x(m.size());
    for (size_t i = 0; i < m.size(); ++i) x[static_cast<Eigen::Index>(i)] = m.x[i][a];
    const VectorX lx = L * x;
    for (size_t i = 0; i < m.size(); ++i) {
      worst = std::max(worst, std::abs(lx[static_cast<Eigen::Index>(i)] + f[i][a]));
      scale = std::max(scale, std::abs(f[i][a]));
    }
  }
  EXPECT_GT(scale, 0.0);
  EXPECT_LT(worst, 1e-10 * scale) << worst << " " << scale;
  EXPECT_LT((Eigen::SparseMatrix<double>(L.transpose()) - L).norm(), 1e-12 * L.norm());
  EXPECT_LT((L * VectorX::Ones(L.cols())).cwiseAbs().maxCoeff(), 1e-12 * L.norm());
  std::mt19937 rng(3);
  std::normal_distribution<double> n01;
  for (int k = 0; k < 20; ++k) {
    VectorX x(L.cols());
    for (Eigen::Index i = 0; i < x.size(); ++i) x[i] = n01(rng);
    EXPECT_GE(x.dot(L * x), -1e-12 * L.norm() * x.squaredNorm());
  }
}

TEST(CapillaryForce, IsMinusSigmaTimesTheAreaGradient) {
  const double sigma = 0.07;
  LiquidMembrane m = jittered_sphere(8, 0.3, 0.01);
  ASSERT_GT(m.size(), 100u);
  const std::vector<Vec3> f = capillary_forces(m, sigma);
  const auto [worst, scale] = force_gradient_gap(
      m, f, [&](const LiquidMembrane& x) { return capillary_energy(x, sigma); }, 17, [](size_t) { return true; });
  EXPECT_GT(scale, 0.0);
  EXPECT_LT(worst, 1e-6 * scale + 1e-12) << "worst " << worst << " of " << scale;
}

TEST(CapillaryForce, TheStiffnessIsTheCotangentLaplacianAndPositiveSemiDefinite) {
  const double sigma = 0.07;
  const LiquidMembrane m = jittered_sphere(8, 0.3, 0.01);
  const std::vector<Vec3> f = capillary_forces(m, sigma);
  // f_c = -L_c x, per axis (Eq. 10 against Eq. 11).
  expect_laplacian_of_forces(m, f, capillary_stiffness(m, sigma));
}

TEST(CapillaryForce, TrianglesOnTheWallsCarryNoEnergy) {
  // A pool filling the lower 0.4 of the unit box: its membrane is the flat free surface plus
  // the caps on the five walls it touches; only the free surface (1 m^2) has energy.
  const GridGeometry g = unit_grid(8);
  ScalarGrid phi(g.n, 0.0);
  for (int64_t c = 0; c < phi.size(); ++c) phi[c] = g.cell_center(0, phi.coords(c).y(), 0).y() - 0.4;
  const LiquidMembrane m = build_membrane(phi, g, 2);
  EXPECT_EQ(m.mesh().boundary_or_nonmanifold_edges(), 0);
  EXPECT_NEAR(m.mesh().signed_volume(), 0.4, 1e-9);
  EXPECT_NEAR(capillary_energy(m, 2.0), 2.0 * 1.0, 1e-9);
  const std::vector<Vec3> f = capillary_forces(m, 2.0);
  for (size_t i = 0; i < m.size(); ++i)
    if (m.free(i)) {
      EXPECT_LT(f[i].norm(), 1e-9);  // a flat surface pulls its free particles nowhere
    }
}

/// The membrane of a pool of depth 0.4 in the unit box (8^3 cells), jittered along the walls'
/// planes (little: its rows near the contact line are 0.025 apart, and no triangle may fold).
LiquidMembrane jittered_pool() {
  const GridGeometry g = unit_grid(8);
  ScalarGrid phi(g.n, 0.0);
  for (int64_t c = 0; c < phi.size(); ++c) phi[c] = g.cell_center(0, phi.coords(c).y(), 0).y() - 0.4;
  LiquidMembrane m = build_membrane(phi, g, 2);
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-0.004, 0.004);
  for (size_t i = 0; i < m.size(); ++i)
    for (int a = 0; a < 3; ++a)
      if (!(m.wall[i] & (3u << (2 * a)))) m.x[i][a] += u(rng);
  return m;
}

double wetting_energy(const LiquidMembrane& m, double sigma, const std::array<double, 6>& theta) {
  double e = 0.0;
  for (const Eigen::Vector3i& t : m.triangles) {
    const unsigned common = m.wall[static_cast<size_t>(t[0])] & m.wall[static_cast<size_t>(t[1])] & m.wall[static_cast<size_t>(t[2])];
    if (common == 0) continue;
    const Vec3& a = m.x[static_cast<size_t>(t[0])];
    const double area = 0.5 * (m.x[static_cast<size_t>(t[1])] - a).cross(m.x[static_cast<size_t>(t[2])] - a).norm();
    int side = 0;
    while (!(common & (1u << side))) ++side;
    e += -sigma * std::cos(theta[static_cast<size_t>(side)]) * area;
  }
  return e;
}

TEST(WettingForce, IsMinusTheWettingEnergysGradient) {
  const double sigma = 0.07;
  const std::array<double, 6> theta{0.3, 2.0, 1.0, std::numbers::pi / 2, 0.0, 2.8};
  LiquidMembrane m = jittered_pool();
  const std::vector<Vec3> f = wetting_forces(m, sigma, theta);
  const auto [worst, scale] = force_gradient_gap(
      m, f, [&](const LiquidMembrane& x) { return wetting_energy(x, sigma, theta); }, 3,
      [&](size_t i) { return m.wall[i] != 0; });
  EXPECT_GT(scale, 0.0);
  EXPECT_LT(worst, 1e-6 * scale + 1e-12) << "worst " << worst << " of " << scale;
  // Free particles feel none of it.
  for (size_t i = 0; i < m.size(); ++i) {
    if (m.wall[i] == 0) {
      EXPECT_EQ(f[i].norm(), 0.0);
    }
  }
}

TEST(WettingForce, PullsTheContactLineUpAWettingWallAndDownANonWettingOne) {
  // The pool's contact line on x_min (30 degrees) is pulled up, on x_max (150 degrees) down,
  // with sigma cos(theta) per length of line in all: the line on x_min is 1 long.
  const double sigma = 0.07;
  std::array<double, 6> theta;
  theta.fill(std::numbers::pi / 2);
  theta[0] = std::numbers::pi / 6;
  theta[1] = 5 * std::numbers::pi / 6;
  const LiquidMembrane m = jittered_pool();
  const std::vector<Vec3> f = wetting_forces(m, sigma, theta);
  const std::vector<uint8_t> axes = solved_axes(m);
  double up_min = 0.0, up_max = 0.0;
  for (size_t i = 0; i < m.size(); ++i) {
    if (axes[i] == 0 || m.free(i)) continue;  // the contact line's particles
    EXPECT_NE(m.wall[i], 0);
    if (m.wall[i] & 1u) {
      EXPECT_EQ(axes[i] & 1u, 0u);  // x is the wall's normal
      up_min += f[i].y();
    }
    if (m.wall[i] & 2u) up_max += f[i].y();
  }
  EXPECT_NEAR(up_min, sigma * std::cos(theta[0]), 1e-9 * sigma);
  EXPECT_NEAR(up_max, sigma * std::cos(theta[1]), 1e-9 * sigma);
  // Particles inside the wetted wall are held (no solved axis); free ones have all three.
  for (size_t i = 0; i < m.size(); ++i) {
    if (m.free(i)) {
      EXPECT_EQ(axes[i], 7u);
    }
  }
}

TEST(WettingForce, ItsStiffnessOnNonWettingWallsIsTheCotangentLaplacian) {
  // All walls at 120 degrees: f_w = -L_w x per axis, L_w symmetric positive semi-definite; at 60
  // degrees (a negative stiffness) it is left out.
  const double sigma = 0.07;
  std::array<double, 6> theta;
  theta.fill(2.0 * std::numbers::pi / 3.0);
  const LiquidMembrane m = jittered_pool();
  const std::vector<Vec3> f = wetting_forces(m, sigma, theta);
  expect_laplacian_of_forces(m, f, wetting_stiffness(m, sigma, theta));
  theta.fill(std::numbers::pi / 3.0);
  EXPECT_EQ(wetting_stiffness(m, sigma, theta).nonZeros(), 0);
}

}  // namespace
}  // namespace ripple
