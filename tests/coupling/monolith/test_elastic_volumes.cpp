// The monolith method's elastic volumes (Takahashi & Batty 2022, Sec. 3.2, 3.7): the merit
// E_e(v) and its quadratic model agree with central differences, and without liquid or
// contact the Newton iteration through the LDL^T split and MPRGP (monolithic_newton.hpp) is
// implicit Euler on the same incremental potential, so a cantilever pinned at one end must
// follow the solids' own Newton solver (IPC step) step by step. With contacts (velocity level,
// found at each step's start): a cube dropped on the floor comes to rest on it, and a cube
// dropped on a rigid box resting on the floor rests on the box while the floor carries both.
#include <gtest/gtest.h>

#include <cstdio>

#include "ripple/coupling/monolith/monolithic_newton.hpp"
#include "ripple/solid/mesh_generators.hpp"
#include "ripple/solid/solid_builder.hpp"

namespace ripple {
namespace {

constexpr double kDt = 0.01;

/// A 20 x 4 x 4 cm beam (stable neo-Hookean, 1e5 Pa, 1000 kg/m^3) pinned at x = 0.
SolidModel cantilever(double stiffness_damping = 0.0) {
  SolidModelBuilder b;
  const TetGeometry beam = tet_box(Vec3(0.0, 0.3, 0.1), Vec3(0.2, 0.34, 0.14), 2);
  VolumeMaterial material;
  material.young = 1e5;
  material.poisson = 0.3;
  material.density = 1000.0;
  BodyMotion motion;
  motion.stiffness_damping = stiffness_damping;
  for (int v = 0; v < static_cast<int>(beam.vertices.size()); ++v)
    if (beam.vertices[static_cast<size_t>(v)].x() < 1e-9) motion.pinned.push_back(v);
  b.add_volume("beam", beam.vertices, beam.tets, material, motion);
  return b.build();
}

/// Velocities (#unknowns, m/s) with each free vertex's at f(its position at the step's start).
template <class F>
VectorX velocity_field(const SolidModel& m, const ElasticVolumes& volumes, F f) {
  VectorX v(volumes.size());
  const VectorX z0 = volumes.coordinates(VectorX::Zero(volumes.size()));
  for (int vtx = 0; vtx < m.num_vertices; ++vtx) {
    const int u = volumes.unknown_of(vtx);
    if (u >= 0) v.segment<3>(u) = f(Vec3(z0.segment<3>(m.vertex_dof[static_cast<size_t>(vtx)])));
  }
  return v;
}

/// An empty 0.5 m box of air: no pressure rows.
LiquidState no_liquid() {
  LiquidState l;
  GridGeometry g;
  g.dx = 0.05;
  g.n = Vec3i(10, 10, 10);
  l.grid = g;
  l.phi = ScalarGrid(g.n, g.dx);
  l.velocity.resize(g);
  return l;
}

TEST(ElasticVolumes, MeritGradientAndHessianMatchCentralDifferences) {
  const SolidModel m = cantilever();
  SolidState st = initial_solid_state(m);
  ElasticVolumes volumes(m);
  ASSERT_GT(volumes.size(), 0);
  st.velocity.setZero();
  volumes.begin_step(st, kDt, Vec3(0, -9.81, 0));
  // A stretched and sheared velocity field (elements in tension, where the projection is exact).
  const VectorX v = velocity_field(m, volumes, [](const Vec3& x) {
    return Vec3(Vec3(0.8 * x.x() + 0.1 * x.y(), 0.3 * x.x(), 0.5 * x.z()) / kDt * 0.05);
  });
  VectorX g;
  SparseMatrix k;
  volumes.quadratic_model(v, g, k);
  const double h = 1e-6;
  double worst_g = 0.0, worst_h = 0.0;
  for (int64_t i = 0; i < v.size(); ++i) {
    VectorX a = v, b = v;
    a[i] += h;
    b[i] -= h;
    const double fd = (volumes.energy(a) - volumes.energy(b)) / (2.0 * h);
    worst_g = std::max(worst_g, std::abs(fd - g[i]) / (std::abs(g[i]) + 1e-3));
    VectorX ga, gb;
    SparseMatrix ka, kb;
    volumes.quadratic_model(a, ga, ka);
    volumes.quadratic_model(b, gb, kb);
    const VectorX column = (ga - gb) / (2.0 * h);
    VectorX expected = VectorX(k.col(i));
    expected[i] += volumes.mass()[i];  // the model's Hessian is M' + K'
    worst_h = std::max(worst_h, (column - expected).cwiseAbs().maxCoeff() / (expected.cwiseAbs().maxCoeff() + 1e-12));
  }
  EXPECT_LT(worst_g, 1e-6);
  EXPECT_LT(worst_h, 1e-5);
}

TEST(ElasticVolumes, NaturalSplitReproducesTheStiffness) {
  // K' = dt^2 K(x) + dt b K(x^n) as one rank-one term per tetrahedron and eigen-direction
  // (Table 1's NF), at a compressed and sheared state where elements' Hessians need projecting.
  const SolidModel m = cantilever(0.02);
  SolidState st = initial_solid_state(m);
  ElasticVolumes volumes(m);
  st.velocity.setZero();
  volumes.begin_step(st, kDt, Vec3(0, -9.81, 0));
  const VectorX v = velocity_field(m, volumes, [](const Vec3& x) {
    return Vec3(Vec3(-0.6 * x.x() + 0.4 * x.y(), 0.3 * x.x() * x.x(), -0.5 * x.z()) / kDt * 0.2);
  });
  VectorX g;
  SparseMatrix k;
  volumes.quadratic_model(v, g, k);
  const LdltSplit s = volumes.natural_split(v);
  EXPECT_EQ(s.q.rows(), volumes.size());
  EXPECT_GT(s.q.cols(), 2 * volumes.size());  // many more rows than unknowns: up to 9 per tetrahedron, twice
  EXPECT_GT(s.diagonal.minCoeff(), 0.0);
  const Eigen::MatrixXd qdq = Eigen::MatrixXd(s.q) * s.diagonal.asDiagonal() * Eigen::MatrixXd(s.q).transpose();
  EXPECT_LT((qdq - Eigen::MatrixXd(k)).cwiseAbs().maxCoeff(), 1e-10 * Eigen::MatrixXd(k).cwiseAbs().maxCoeff());
}

TEST(ElasticVolumes, EverySplitSchemeReachesTheSameImplicitStep) {
  // LDLT, NF, IC and the Schur complement are Newton iterations on the same incremental
  // potential: run to convergence
  // they end each step at the same beam; IC's approximate stiffness costs Newton iterations.
  const SolidModel m = cantilever();
  ElasticVolumes volumes(m);
  MonolithicSolveParams params;
  params.dt = kDt;
  params.contact.qp.tolerance = 1e-10;
  params.contact.qp.max_iterations = 100000;
  std::vector<VectorX> ends;
  std::vector<int> iterations;
  for (ElasticSplit scheme : {ElasticSplit::ldlt, ElasticSplit::natural, ElasticSplit::incomplete, ElasticSplit::schur}) {
    SolidState st = initial_solid_state(m);
    LiquidState liquid = no_liquid();
    MonolithicNewtonSettings newton;
    newton.split = scheme;
    newton.tolerance = 1e-10;
    newton.max_iterations = 200;
    int total = 0;
    for (int step = 0; step < 8; ++step) {
      std::vector<RigidBody> bodies;
      volumes.begin_step(st, kDt, Vec3(0, -9.81, 0));
      ElasticBlock block = elastic_geometry(volumes, volumes.vertex_positions(st.z), liquid.grid, ScalarGrid());
      const MonolithicNewtonReport r =
          solve_monolithic_step(liquid, bodies, {}, nullptr, params, nullptr, &volumes, &block, newton);
      ASSERT_TRUE(r.newton_converged) << static_cast<int>(scheme);
      ASSERT_TRUE(r.solve.converged) << static_cast<int>(scheme);
      total += r.newton_iterations;
      volumes.write(r.solve.elastic_velocity, st);
    }
    ends.push_back(m.positions(st.z));
    iterations.push_back(total);
  }
  std::printf("8 steps, Newton iterations: ldlt %d, natural %d, incomplete %d, schur %d\n", iterations[0],
              iterations[1], iterations[2], iterations[3]);
  const double drop = 0.3 - ends[0].reshaped(3, ends[0].size() / 3).row(1).minCoeff();
  EXPECT_GT(drop, 1e-3);
  EXPECT_LT((ends[1] - ends[0]).cwiseAbs().maxCoeff(), 1e-6 * drop);
  EXPECT_LT((ends[2] - ends[0]).cwiseAbs().maxCoeff(), 1e-6 * drop);
  EXPECT_LT((ends[3] - ends[0]).cwiseAbs().maxCoeff(), 1e-6 * drop);
  EXPECT_LE(std::abs(iterations[1] - iterations[0]), 1);  // exact Newton directions alike
  EXPECT_LE(std::abs(iterations[3] - iterations[0]), 1);
  EXPECT_GT(iterations[2], iterations[0]);
}

TEST(ElasticVolumes, DryNewtonIsImplicitEulerLikeTheSolidsOwnStep) {
  const SolidModel m = cantilever();
  SolidState reference = initial_solid_state(m), mine = reference;
  SolidStepSettings settings;
  settings.newton.tolerance = 1e-9;
  settings.newton.residual_tolerance = 0.0;
  ElasticVolumes volumes(m);
  LiquidState liquid = no_liquid();
  MonolithicSolveParams params;
  params.dt = kDt;
  MonolithicNewtonSettings newton;
  newton.tolerance = 1e-10;
  int iterations = 0;
  double tip_reference = 0.0, tip_mine = 0.0, worst = 0.0;
  for (int step = 0; step < 30; ++step) {
    step_solids(m, settings, kDt, reference);
    std::vector<RigidBody> bodies;
    volumes.begin_step(mine, kDt, settings.gravity);
    ElasticBlock block = elastic_geometry(volumes, volumes.vertex_positions(mine.z), liquid.grid, ScalarGrid());
    const MonolithicNewtonReport r =
        solve_monolithic_step(liquid, bodies, {}, nullptr, params, nullptr, &volumes, &block, newton);
    ASSERT_TRUE(r.newton_converged);
    ASSERT_TRUE(r.solve.converged);
    iterations += r.newton_iterations;
    volumes.write(r.solve.elastic_velocity, mine);
    const VectorX xr = m.positions(reference.z), xm = m.positions(mine.z);
    worst = std::max(worst, (xr - xm).cwiseAbs().maxCoeff());
    for (int v = 0; v < m.num_vertices; ++v) {
      tip_reference = std::min(tip_reference, xr[3 * v + 1] - 0.3);
      tip_mine = std::min(tip_mine, xm[3 * v + 1] - 0.3);
    }
  }
  std::printf("cantilever 30 steps: tip drop %.5f m (IPC step) vs %.5f m (monolith), largest difference %.2e m, "
              "%.1f Newton iterations per step\n",
              -tip_reference, -tip_mine, worst, iterations / 30.0);
  EXPECT_LT(tip_reference, -0.01);  // it does bend
  EXPECT_LT(worst, 1e-3 * -tip_reference);
}

}  // namespace
}  // namespace ripple

namespace ripple {
namespace {

/// A free 6 cm neo-Hookean cube (2e4 Pa, 1000 kg/m^3) whose lowest face starts `gap` (m) above y0.
SolidModel free_cube(double y0, double gap) {
  SolidModelBuilder b;
  const TetGeometry cube = tet_box(Vec3(0.2, y0 + gap, 0.2), Vec3(0.26, y0 + gap + 0.06, 0.26), 3);
  VolumeMaterial material;
  material.young = 2e4;
  material.density = 1000.0;
  b.add_volume("cube", cube.vertices, cube.tets, material);
  return b.build();
}

struct DryRun {
  double lowest = 1.0, fastest = 0.0;
  Vec3 box_support = Vec3::Zero();  ///< N, the floor's normal force on the rigid box at the last step
  double cube_mass = 0.0;
};

/// Drops the cube for `steps` steps of kDt onto the floor (y = 0) or onto a 2 kg rigid box resting
/// on it (its top at y0), with the contacts found at each step's start, as the coupler does.
DryRun drop(bool on_box, int steps) {
  const double y0 = on_box ? 0.05 : 0.0;
  const SolidModel m = free_cube(y0, 0.01);
  SolidState s = initial_solid_state(m);
  ElasticVolumes volumes(m);
  LiquidState air = no_liquid();
  std::vector<RigidBody> bodies;
  if (on_box) {
    RigidBody box = box_body(Vec3(0.2, 0.05, 0.2), 2.0 / (0.2 * 0.05 * 0.2));
    box.position = Vec3(0.23, 0.025, 0.23);
    bodies.push_back(box);
  }
  const std::vector<ContactPlane> floor{{Vec3::Zero(), Vec3::UnitY(), 0.5}};
  MonolithicSolveParams params;
  params.dt = kDt;
  MonolithicNewtonSettings newton;
  newton.tolerance = 1e-6;  // m; the QPs are solved to 1e-8, and at impact the updates stall near 4e-7 m
  DryRun out;
  for (int v = 0; v < m.num_vertices; ++v) out.cube_mass += m.vertex_mass[v];
  for (int step = 0; step < steps; ++step) {
    volumes.begin_step(s, kDt, Vec3(0, -9.81, 0));
    for (RigidBody& b : bodies) b.velocity += Vec3(0, -9.81, 0) * kDt;
    const std::vector<Vec3> x = volumes.vertex_positions(s.z);
    std::vector<Vec3> surface;
    std::vector<int> unknowns;
    std::vector<double> friction;
    for (int v : volumes.surface_vertices()) {
      surface.push_back(x[static_cast<size_t>(v)]);
      unknowns.push_back(volumes.unknown_of(v));
      friction.push_back(0.5);
    }
    const double margin = 0.005;
    std::vector<SolidContact> contacts = find_rigid_contacts(bodies, floor, {}, margin);
    const std::vector<SolidContact> more = find_elastic_contacts(surface, unknowns, friction, bodies, floor, {}, margin);
    contacts.insert(contacts.end(), more.begin(), more.end());
    ElasticBlock block = elastic_geometry(volumes, x, air.grid, ScalarGrid());
    const MonolithicNewtonReport r =
        solve_monolithic_step(air, bodies, contacts, nullptr, params, nullptr, &volumes, &block, newton);
    EXPECT_TRUE(r.newton_converged && r.solve.converged)
        << "step " << step << ": " << r.newton_iterations << " Newton iterations, last update " << r.last_update
        << " m, line search failed " << r.line_search_failed << ", MPRGP residual " << r.solve.residual;
    volumes.write(r.solve.elastic_velocity, s);
    for (RigidBody& b : bodies) advance_position(b, kDt);
    out.box_support = Vec3::Zero();  // the floor's normal impulses on the box, as a force
    for (size_t c = 0; c < contacts.size(); ++c)
      if (contacts[c].body == 0 && contacts[c].other < 0)
        out.box_support += r.solve.contact_impulse[3 * static_cast<int64_t>(c)] / kDt * contacts[c].normal;
  }
  const VectorX xs = m.positions(s.z);
  for (int v = 0; v < m.num_vertices; ++v) {
    out.lowest = std::min(out.lowest, xs[3 * v + 1] - y0);
    out.fastest = std::max(out.fastest, s.velocity.segment<3>(m.vertex_dof[v]).norm());
  }
  return out;
}

TEST(ElasticVolumes, ACubeDroppedOnTheFloorComesToRestOnIt) {
  const DryRun r = drop(false, 100);
  std::printf("cube on the floor after 1 s: lowest vertex %.2e m, fastest %.2e m/s\n", r.lowest, r.fastest);
  EXPECT_GT(r.lowest, -1e-4);  // Baumgarte keeps it out of the floor
  EXPECT_LT(r.lowest, 1e-3);   // and on it
  EXPECT_LT(r.fastest, 1e-3);
}

TEST(ElasticVolumes, ACubeOnARigidBoxRestsOnItAndTheFloorCarriesBoth) {
  const DryRun r = drop(true, 100);
  const double weight = (2.0 + r.cube_mass) * 9.81;
  std::printf("cube on a rigid box after 1 s: lowest vertex %.2e m above the box, floor carries %.4f N of %.4f N\n",
              r.lowest, r.box_support.y(), weight);
  EXPECT_GT(r.lowest, -1e-4);
  EXPECT_LT(r.lowest, 1e-3);
  EXPECT_NEAR(r.box_support.y(), weight, 0.02 * weight);
}

}  // namespace
}  // namespace ripple
