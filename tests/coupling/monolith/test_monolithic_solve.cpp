// The monolith method's liquid-rigid-contact solve (Takahashi & Batty 2022, Eq. 20 without
// elastic and viscous terms): pressures and contact forces from one MPRGP solve. A box resting
// on a support the liquid flows around (a contact plane the grid does not see) carries its
// weight less Archimedes' buoyancy and nothing moves; a box lighter than water leaves the
// support (no contact force) and rises; without liquid the solve is the rigid contact alone.
#include <gtest/gtest.h>

#include <cstdio>

#include "ripple/coupling/monolith/monolithic_solve.hpp"

namespace ripple {
namespace {

constexpr double kG = 9.81, kDt = 0.005;

struct Tank {
  LiquidState liquid;
  std::vector<RigidBody> bodies;
  std::vector<SolidContact> contacts;
  MonolithicSolveReport report;
};

/// A tank of 5 cm cells, `n` of them, with water `depth` (m) deep, its y-faces moving at
/// -g dt (one step of gravity from rest).
LiquidState still_water(const Vec3i& n, double depth) {
  LiquidState liquid;
  GridGeometry g;
  g.dx = 0.05;
  g.n = n;
  liquid.grid = g;
  liquid.phi = ScalarGrid(g.n);
  for (int64_t c = 0; c < liquid.phi.size(); ++c) {
    const Vec3i I = liquid.phi.coords(c);
    liquid.phi[c] = g.cell_center(I.x(), I.y(), I.z()).y() - depth;
  }
  liquid.velocity.resize(g);
  for (double& u : liquid.velocity.u[1].data()) u = -kG * kDt;
  return liquid;
}

/// A 0.8 m tank with water `depth` (m) deep (none: 0) and a 20 x 10 x 20 cm box of `density`
/// resting on a support plane at y = 0.11 m; one step from rest under gravity.
Tank tank(double depth, double density) {
  Tank t;
  t.liquid = still_water(Vec3i(16, 16, 16), depth);
  RigidBody box = box_body(Vec3(0.2, 0.1, 0.2), density);
  box.position = Vec3(0.41, 0.16, 0.41);
  box.velocity = Vec3(0.0, -kG * kDt, 0.0);
  t.bodies.push_back(box);
  t.contacts = find_rigid_contacts(t.bodies, {{Vec3(0, 0.11, 0), Vec3::UnitY(), 0.5}}, {}, 1e-3);
  MonolithicSolveParams p;
  p.dt = kDt;
  p.walls = {true, true, true, true, true, true};
  t.report = solve_liquid_rigid_contact(t.liquid, t.bodies, t.contacts, nullptr, p);
  return t;
}

/// The largest speed on faces next to a liquid cell.
double largest_speed(const LiquidState& l) {
  double m = 0.0;
  for (int a = 0; a < 3; ++a)
    for (int64_t f = 0; f < l.velocity.u[a].size(); ++f) {
      const Vec3i I = l.velocity.u[a].coords(f);
      Vec3i lo = I;
      lo[a] -= 1;
      const bool wet = (I[a] < l.grid.n[a] && l.phi(I.x(), I.y(), I.z()) < 0.0) ||
                       (lo[a] >= 0 && l.phi(lo.x(), lo.y(), lo.z()) < 0.0);
      if (wet) m = std::max(m, std::abs(l.velocity.u[a][f]));
    }
  return m;
}

TEST(MonolithicSolve, ASubmergedBoxOnASupportCarriesItsWeightLessBuoyancy) {
  const Tank t = tank(0.5, 2000.0);
  const double mass = 2000.0 * 0.004, displaced = 1000.0 * 0.004;
  const double expected = (mass - displaced) * kG;
  std::printf("support force %.3f N (Archimedes %.3f N, %.2f %%), %d solves, %d iterations\n",
              t.report.contact_force[0].y(), expected, 100.0 * (t.report.contact_force[0].y() - expected) / expected,
              t.report.solves, t.report.iterations);
  EXPECT_EQ(t.contacts.size(), 4u);
  EXPECT_TRUE(t.report.converged);
  EXPECT_NEAR(t.report.contact_force[0].y(), expected, 0.02 * expected);
  EXPECT_LT(t.bodies[0].velocity.norm(), 1e-4);
  EXPECT_LT(largest_speed(t.liquid), 1e-4);  // hydrostatic: nothing moves
  EXPECT_LT(t.report.max_divergence, 1e-6);
  // The pressure at the floor is rho g h, within the ghost-fluid's first cell.
  EXPECT_NEAR(t.liquid.pressure(2, 0, 2), 1000.0 * kG * (0.5 - 0.025), 0.01 * 1000.0 * kG * 0.5);
}

TEST(MonolithicSolve, ABoxLighterThanWaterLeavesItsSupport) {
  const Tank t = tank(0.5, 500.0);
  EXPECT_TRUE(t.report.converged);
  EXPECT_NEAR(t.report.contact_force[0].norm(), 0.0, 1e-6);
  EXPECT_GT(t.bodies[0].velocity.y(), 0.0);  // it rises
  EXPECT_LT(t.report.max_divergence, 1e-6);
}

TEST(MonolithicSolve, WithoutLiquidTheSupportCarriesTheWeight) {
  const Tank t = tank(0.0, 2000.0);
  EXPECT_EQ(t.report.pressure_unknowns, 0);
  EXPECT_NEAR(t.report.contact_force[0].y(), 8.0 * kG, 1e-2 * 8.0 * kG);
  EXPECT_LT(t.bodies[0].velocity.norm(), 1e-4);
}

/// One step from rest of a neutrally buoyant box, tilted 30 degrees about z and 35 about x,
/// under 0.5 m of still water, its centre at `y` (m); with `volume` false the body's volume is
/// not given (its cut faces are not corrected). Returns its vertical speed (m/s).
double neutral_box_speed(double y, bool volume) {
  LiquidState liquid = still_water(Vec3i(16, 16, 16), 0.6);
  RigidBody box = box_body(Vec3(0.17, 0.13, 0.11), 1000.0);
  if (!volume) box.volume = 0.0;
  box.position = Vec3(0.4, y, 0.4);
  box.orientation = Eigen::AngleAxisd(0.52, Vec3::UnitZ()) * Eigen::AngleAxisd(0.61, Vec3::UnitX());
  box.velocity = Vec3(0.0, -kG * kDt, 0.0);
  std::vector<RigidBody> bodies{box};
  MonolithicSolveParams p;
  p.dt = kDt;
  p.walls = {true, true, true, true, true, true};
  p.contact.qp.tolerance = 1e-10;
  const MonolithicSolveReport r = solve_liquid_rigid_contact(liquid, bodies, {}, nullptr, p);
  EXPECT_TRUE(r.converged);
  return bodies[0].velocity.y();
}

TEST(MonolithicSolve, ANeutrallyBuoyantBodyStaysAtRestWhereverItSitsInItsCell) {
  // The cut faces' shares add up to the body's volume along each axis, so the hydrostatic
  // pressure lifts exactly its weight (uncorrected, the sum misses the volume by a share that
  // depends on where the body sits in its cell).
  double worst = 0.0, worst_uncorrected = 0.0;
  for (double y : {0.30, 0.3125, 0.325, 0.3375}) {
    worst = std::max(worst, std::abs(neutral_box_speed(y, true)));
    worst_uncorrected = std::max(worst_uncorrected, std::abs(neutral_box_speed(y, false)));
  }
  std::printf("neutral box after one step: %.2e m/s (uncorrected %.2e; g dt = %.2e)\n", worst, worst_uncorrected, kG * kDt);
  EXPECT_LT(worst, 2.5e-3 * kG * kDt);  // 1.4e-3 here: the pressure is hydrostatic only to the grid's accuracy
  EXPECT_GT(worst_uncorrected, 5.0 * worst);  // 7.6 times here: the correction is what holds it
}

TEST(MonolithicSolve, AMovingObstaclePushesTheLiquid) {
  // A plate of closed x-faces moving at 0.3 m/s through a still tank: the liquid makes way,
  // divergence-free (a solve that took the plate for a still wall would leave it at rest).
  LiquidState liquid;
  GridGeometry g;
  g.dx = 0.05;
  g.n = Vec3i(16, 16, 16);
  liquid.grid = g;
  liquid.phi = ScalarGrid(g.n);
  for (int64_t c = 0; c < liquid.phi.size(); ++c) liquid.phi[c] = g.cell_center(0, liquid.phi.coords(c).y(), 0).y() - 0.5;
  liquid.velocity.resize(g);
  SolidBoundary plate;
  for (int a = 0; a < 3; ++a) {
    plate.face_open[a] = ScalarGrid(g.face_dims(a), 1.0);
    for (int64_t f = 0; f < plate.face_open[a].size(); ++f) {
      const int i = plate.face_open[a].coords(f)[a];
      if (i == 0 || i == g.n[a]) plate.face_open[a][f] = 0.0;  // the tank's walls
    }
  }
  plate.velocity.resize(g);
  for (int j = 2; j < 6; ++j)
    for (int k = 4; k < 12; ++k) {
      plate.face_open[0](8, j, k) = 0.0;
      plate.velocity.u[0](8, j, k) = 0.3;
    }
  MonolithicSolveParams p;
  p.dt = kDt;
  p.walls = {true, true, true, true, true, true};
  std::vector<RigidBody> none;
  const MonolithicSolveReport r = solve_liquid_rigid_contact(liquid, none, {}, &plate, p);
  EXPECT_TRUE(r.converged);
  EXPECT_LT(r.max_divergence, 1e-6);
  EXPECT_GT(liquid.velocity.u[0](9, 3, 8), 0.1);  // ahead of the plate the liquid moves with it
  EXPECT_GT(liquid.velocity.u[0](7, 3, 8), 0.1);  // and behind it, following
}

TEST(MonolithicSolve, ASealedTankFullOfLiquidConverges) {
  // No free surface: the pressures are fixed only up to a constant. A velocity pushing into
  // one end wall and out of the other is made divergence-free.
  LiquidState liquid = still_water(Vec3i(12, 8, 8), 1.0);  // deeper than the tank: full
  for (int64_t f = 0; f < liquid.velocity.u[0].size(); ++f) liquid.velocity.u[0][f] = 0.3;
  MonolithicSolveParams p;
  p.dt = kDt;
  p.walls = {true, true, true, true, true, true};
  std::vector<RigidBody> none;
  const MonolithicSolveReport r = solve_liquid_rigid_contact(liquid, none, {}, nullptr, p);
  EXPECT_TRUE(r.converged);
  EXPECT_LT(r.max_divergence, 1e-6);
  EXPECT_LT(std::abs(liquid.velocity.u[0](6, 4, 4)), 1e-6);  // the wall stops the flow
}

}  // namespace
}  // namespace ripple
