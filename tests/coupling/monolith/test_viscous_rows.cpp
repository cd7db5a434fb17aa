// The liquid's viscous stress in the monolithic solve (viscous_rows.hpp; Takahashi & Batty
// 2022, Eq. 20's viscous term): a body moving rigidly with the liquid around it (translating
// and spinning) feels no viscous force and changes nothing; a plate sliding along itself
// through still liquid drags the liquid beside it and is slowed, more by a more viscous liquid,
// and the x-momentum the plate loses is the liquid's gain (the stress rows are internal forces).
#include <gtest/gtest.h>

#include <cstdio>

#include <cmath>

#include "ripple/coupling/monolith/monolithic_solve.hpp"
#include "ripple/fluid/implicit_viscosity.hpp"

namespace ripple {
namespace {

constexpr double kDt = 0.005, kRho = 1000.0;

struct Pool {
  LiquidState liquid;
  std::vector<RigidBody> bodies;
  MonolithicSolveReport report;
};

/// A 16^3 grid of 5 cm cells full of liquid, its sides open, with one box body of `size` (m)
/// at (0.41, 0.43, 0.39); `field(x)` sets the liquid's velocity and the body's (v, omega).
Pool pool(const Vec3& size, double density, const Vec3& v, const Vec3& omega, bool liquid_moves, double mu) {
  Pool p;
  GridGeometry g;
  g.dx = 0.05;
  g.n = Vec3i(16, 16, 16);
  p.liquid.grid = g;
  p.liquid.phi = ScalarGrid(g.n, -g.dx);
  p.liquid.velocity.resize(g);
  RigidBody box = box_body(size, density);
  box.position = Vec3(0.41, 0.43, 0.39);
  box.velocity = v;
  box.angular_velocity = omega;
  if (liquid_moves)
    for (int a = 0; a < 3; ++a)
      for (int64_t f = 0; f < p.liquid.velocity.u[a].size(); ++f) {
        const Vec3i I = p.liquid.velocity.u[a].coords(f);
        p.liquid.velocity.u[a][f] = velocity_at(box, g.face_center(a, I.x(), I.y(), I.z()))[a];
      }
  p.bodies.push_back(box);
  MonolithicSolveParams prm;
  prm.dt = kDt;
  prm.density = kRho;
  prm.walls = {false, false, false, false, false, false};
  prm.viscosity = mu;
  prm.contact.qp.tolerance = 1e-10;
  p.report = solve_liquid_rigid_contact(p.liquid, p.bodies, {}, nullptr, prm);
  return p;
}

/// The liquid's x-momentum (kg m/s): a face's velocity after the solve is the mean over it,
/// w u + s V with the body's share s, so its liquid carries rho dx^3 (u_face - s V_x); s from
/// 8 x 8 samples of the face.
double liquid_momentum_x(const LiquidState& l, const RigidBody& body) {
  double m = 0.0;
  const double dx = l.grid.dx;
  for (int64_t f = 0; f < l.velocity.u[0].size(); ++f) {
    const Vec3i I = l.velocity.u[0].coords(f);
    const Vec3 x = l.grid.face_center(0, I.x(), I.y(), I.z());
    double s = rigid_body_distance(body, x) < 0.0 ? 1.0 : 0.0;
    if (std::abs(rigid_body_distance(body, x)) < dx) {
      s = 0.0;
      for (int i = 0; i < 8; ++i)
        for (int j = 0; j < 8; ++j)
          if (rigid_body_distance(body, x + Vec3(0.0, (i + 0.5) / 8.0 - 0.5, (j + 0.5) / 8.0 - 0.5) * dx) < 0.0) s += 1.0 / 64.0;
    }
    m += kRho * dx * dx * dx * (l.velocity.u[0][f] - s * body.velocity.x());
  }
  return m;
}

TEST(MonolithViscousRows, ABodyMovingRigidlyWithTheLiquidFeelsNoViscousForce) {
  const Vec3 v(0.3, -0.2, 0.1), omega(0.5, 1.0, -0.7);
  const Pool p = pool(Vec3(0.2, 0.1, 0.2), 1500.0, v, omega, true, 50.0);  // nu dt / dx^2 = 0.1
  EXPECT_TRUE(p.report.converged);
  EXPECT_LT((p.bodies[0].velocity - v).norm(), 1e-6 * v.norm());
  EXPECT_LT((p.bodies[0].angular_velocity - omega).norm(), 1e-6 * omega.norm());
  double worst = 0.0;
  for (int a = 0; a < 3; ++a)
    for (int64_t f = 0; f < p.liquid.velocity.u[a].size(); ++f) {
      const Vec3i I = p.liquid.velocity.u[a].coords(f);
      const double expected = velocity_at(p.bodies[0], p.liquid.grid.face_center(a, I.x(), I.y(), I.z()))[a];
      worst = std::max(worst, std::abs(p.liquid.velocity.u[a][f] - expected));
    }
  EXPECT_LT(worst, 1e-6);
}

TEST(MonolithViscousRows, APlateSlidingThroughStillLiquidDragsItAndIsSlowed) {
  const Vec3 v(0.5, 0.0, 0.0);
  const Vec3 size(0.3, 0.05, 0.3);
  const Pool inviscid = pool(size, 1500.0, v, Vec3::Zero(), false, 0.0);
  const Pool thin = pool(size, 1500.0, v, Vec3::Zero(), false, 2.0);   // nu dt / dx^2 = 0.004
  const Pool thick = pool(size, 1500.0, v, Vec3::Zero(), false, 20.0);  // 0.04
  const double m = thin.bodies[0].mass;
  std::printf("plate speed: inviscid %.4f, mu 2: %.4f, mu 20: %.4f m/s\n", inviscid.bodies[0].velocity.x(),
              thin.bodies[0].velocity.x(), thick.bodies[0].velocity.x());
  for (const Pool* p : {&inviscid, &thin, &thick}) EXPECT_TRUE(p->report.converged);
  // In one step the stress reaches the next layer of faces, nu dt / dx^2 of the way to the
  // plate's speed: about 0.1 % (mu 2) and 1 % (mu 20) of the plate's momentum.
  EXPECT_LT(thin.bodies[0].velocity.x(), inviscid.bodies[0].velocity.x() - 0.001);
  EXPECT_LT(thick.bodies[0].velocity.x(), thin.bodies[0].velocity.x() - 0.01);
  EXPECT_GT(thick.bodies[0].velocity.x(), 0.0);  // slowed, not reversed
  // The liquid just above and below the plate's middle is dragged along; far away it is not.
  const int i = 8, k = 8;
  const int above = 9, below = 7;  // the plate spans y in [0.405, 0.455]; face rows 9 and 7 beside it
  std::printf("liquid beside the plate: above %.4f (inviscid %.4f), below %.4f (%.4f) m/s\n",
              thick.liquid.velocity.u[0](i, above, k), inviscid.liquid.velocity.u[0](i, above, k),
              thick.liquid.velocity.u[0](i, below, k), inviscid.liquid.velocity.u[0](i, below, k));
  // (against the inviscid solve: the plate's ends push liquid around it as well)
  EXPECT_GT(thick.liquid.velocity.u[0](i, above, k) - inviscid.liquid.velocity.u[0](i, above, k), 0.005);
  EXPECT_GT(thick.liquid.velocity.u[0](i, below, k) - inviscid.liquid.velocity.u[0](i, below, k), 0.005);
  EXPECT_LT(std::abs(thick.liquid.velocity.u[0](i, 1, k)), 0.01);
  // Momentum: what the viscous plate loses beyond the inviscid one's added-mass exchange goes
  // into the liquid.
  for (const Pool* p : {&thin, &thick}) {
    const double lost = m * (inviscid.bodies[0].velocity.x() - p->bodies[0].velocity.x());
    const double gained = liquid_momentum_x(p->liquid, p->bodies[0]) - liquid_momentum_x(inviscid.liquid, inviscid.bodies[0]);
    std::printf("plate lost %.5f kg m/s, liquid gained %.5f\n", lost, gained);
    EXPECT_NEAR(gained, lost, 0.01 * lost);
  }
}

}  // namespace
}  // namespace ripple

namespace ripple {
namespace {

/// A 20 x 10 x 20 cm box sliding along x at 0.5 m/s through still liquid (20 Pa s), with or
/// without a second box at rest right under it (touching): its speed after one step.
double sliding_box_speed(bool box_below) {
  GridGeometry g;
  g.dx = 0.05;
  g.n = Vec3i(16, 16, 16);
  LiquidState liquid;
  liquid.grid = g;
  liquid.phi = ScalarGrid(g.n, -g.dx);
  liquid.velocity.resize(g);
  std::vector<RigidBody> bodies;
  RigidBody a = box_body(Vec3(0.2, 0.1, 0.2), 1500.0);
  a.position = Vec3(0.41, 0.45, 0.39);  // y in [0.4, 0.5]: its bottom in a plane of grid nodes
  a.velocity = Vec3(0.5, 0.0, 0.0);
  bodies.push_back(a);
  if (box_below) {
    RigidBody b = box_body(Vec3(0.2, 0.1, 0.2), 1500.0);
    b.position = Vec3(0.41, 0.35, 0.39);
    bodies.push_back(b);
  }
  MonolithicSolveParams prm;
  prm.dt = kDt;
  prm.density = kRho;
  prm.walls = {false, false, false, false, false, false};
  prm.contact.qp.tolerance = 1e-6;  // the method's default (two touching bodies stall MPRGP near 6e-8)
  prm.viscosity = 20.0;
  const MonolithicSolveReport r = solve_liquid_rigid_contact(liquid, bodies, {}, nullptr, prm);
  EXPECT_TRUE(r.converged) << "box below: " << box_below << ", residual " << r.residual << " after " << r.iterations;
  return bodies[0].velocity.x();
}

TEST(MonolithViscousRows, TwoBodiesThatTouchShearNoLiquidBetweenThem) {
  // Between two touching bodies there is no liquid: the samples there (weighted by the level
  // set continued into the bodies) must not drag one along the other. The box below takes the
  // place of liquid the upper box would shear, so it slows the upper box no more than the
  // liquid did (without the rule it slows it about twice as much).
  const double alone = sliding_box_speed(false), stacked = sliding_box_speed(true);
  std::printf("sliding box after one step: alone %.5f, on a box %.5f m/s\n", alone, stacked);
  EXPECT_GT(stacked, 0.5 - 1.1 * (0.5 - alone));
}

TEST(MonolithViscousRows, AShearWaveDecaysAsTheLiquidOnlyViscosityDecaysIt) {
  // u_x = sin(pi y / 2H) in a layer H deep on a no-slip floor, its surface stress-free, in a
  // channel long in x and z, open at its x ends: away from them one monolithic step (viscosity and pressure
  // together) decays it as the liquid-only implicit viscous step does (the wave is
  // divergence-free: no pressure), and as the continuous wave does.
  GridGeometry g;
  g.dx = 0.01;
  g.n = Vec3i(24, 12, 24);
  const double H = 0.08;
  LiquidState liquid;
  liquid.grid = g;
  liquid.phi = ScalarGrid(g.n);
  for (int64_t c = 0; c < liquid.phi.size(); ++c) liquid.phi[c] = (liquid.phi.coords(c).y() + 0.5) * g.dx - H;
  liquid.velocity.resize(g);
  for (int64_t f = 0; f < liquid.velocity.u[0].size(); ++f) {
    const Vec3i I = liquid.velocity.u[0].coords(f);
    liquid.velocity.u[0][f] = std::sin(0.5 * M_PI * std::min((I.y() + 0.5) * g.dx / H, 1.0));
  }
  MacVelocity split = liquid.velocity;
  const double mu = 2.0, dt = 0.01;  // nu dt / dx^2 = 0.2
  MonolithicSolveParams prm;
  prm.dt = dt;
  prm.density = kRho;
  prm.walls = {false, false, true, true, true, true};  // open ends: the wave flows through them
  prm.viscosity = mu;
  prm.contact.qp.tolerance = 1e-10;
  std::vector<RigidBody> none;
  const MonolithicSolveReport r = solve_liquid_rigid_contact(liquid, none, {}, nullptr, prm);
  EXPECT_TRUE(r.converged);
  ViscosityParams vp;
  vp.viscosity = mu;
  vp.density = kRho;
  vp.dt = dt;
  vp.walls = prm.walls;
  vp.tolerance = 1e-12;
  apply_implicit_viscosity(split, liquid.phi, g, nullptr, vp);
  const double decay = 1.0 / (1.0 + mu / kRho * dt * 0.25 * M_PI * M_PI / (H * H));  // implicit Euler
  for (int j = 0; j < 8; ++j) {
    const double u = liquid.velocity.u[0](12, j, 12), v = split.u[0](12, j, 12);
    const double start = std::sin(0.5 * M_PI * (j + 0.5) * g.dx / H);
    EXPECT_NEAR(u, v, 2e-3 * start) << j;
    EXPECT_NEAR(u / start, decay, 0.02) << j;
  }
}

}  // namespace
}  // namespace ripple
