// Takahashi & Batty 2022, Table 1: an elastic beam hanging from its fixed left end (Fig. 3;
// E = 1e4 Pa, nu = 0.49, 500 kg/m^3, no contact, no liquid), released from rest, stepped by
// the paper's four schemes: "K", Newton solving (M' + K') dv = -g directly with CHOLMOD (the
// baseline, which cannot take contacts or a liquid), and the monolith's Newton iteration with
// the stiffness entering MPRGP's dual through its exact LDL^T split ("LDLT", the paper's
// scheme), one row per tetrahedron and eigen-direction ("NF"), or its incomplete Cholesky
// factor ("IC"); and ripple's default, the whole elastic Hessian's Cholesky factor inside the
// dual's operator ("schur", no split rows: without constraints it is K). The paper's protocol
// (Sec. 4.1.1): MPRGP stops at 1e-8 or 1,000 iterations and its direction is taken either
// way; Newton stops at 10 iterations for NF and 100 for the others. Counters: dual rows of the
// elastic block, nonzeros of Q, Newton and MPRGP iterations and milliseconds per step, the
// tip's drop and the mechanical energy lost by the end (implicit Euler's damping, and what
// unconverged steps lose or keep: the paper's Fig. 3).
#include <benchmark/benchmark.h>

#include <chrono>

#include "ripple/coupling/monolith/monolithic_newton.hpp"
#include "ripple/solid/forms/elastic_form.hpp"
#include "ripple/solid/mesh_generators.hpp"
#include "ripple/solid/solid_builder.hpp"
#include "ripple/solver/sparse_spd_solver.hpp"

namespace ripple::bench {
namespace {

constexpr double kDt = 1.0 / 120.0;

/// 0.4 x 0.1 x 0.1 m, `resolution` cells along its length, pinned at x = 0.
SolidModel hanging_beam(int resolution) {
  SolidModelBuilder b;
  const TetGeometry beam = tet_box(Vec3(0.0, 0.5, 0.2), Vec3(0.4, 0.6, 0.3), resolution);
  VolumeMaterial material;
  material.young = 1e4;
  material.poisson = 0.49;
  material.density = 500.0;
  BodyMotion motion;
  for (int v = 0; v < static_cast<int>(beam.vertices.size()); ++v)
    if (beam.vertices[static_cast<size_t>(v)].x() < 1e-9) motion.pinned.push_back(v);
  b.add_volume("beam", beam.vertices, beam.tets, material, motion);
  return b.build();
}

/// Newton with a direct solve of the model's Hessian and the monolith's line search.
int direct_newton(const ElasticVolumes& volumes, VectorX& v, SparseSpdSolver& solver) {
  VectorX g, dv;
  SparseMatrix k;
  for (int it = 1; it <= 50; ++it) {
    volumes.quadratic_model(v, g, k);
    SparseMatrix h = k;
    for (int64_t i = 0; i < h.rows(); ++i) h.coeffRef(i, i) += volumes.mass()[i];
    solver.solve(h, -g, dv);
    if (kDt * dv.cwiseAbs().maxCoeff() < 1e-7) {
      v += dv;
      return it;
    }
    const double start = volumes.energy(v), slope = g.dot(dv);
    double alpha = 1.0;
    while (alpha > 1e-4 && !(volumes.energy(v + alpha * dv) <= start + 1e-4 * alpha * slope)) alpha *= 0.5;
    v += alpha * dv;
  }
  return 50;
}

/// Kinetic, elastic and gravitational energy (J, height from y = 0).
double mechanical_energy(const SolidModel& m, const SolidState& s) {
  const ElasticForm elastic(m, 1.0);
  const VectorX x = m.positions(s.z);
  double e = elastic.energy(s.z);
  for (int v = 0; v < m.num_vertices; ++v) {
    const double mass = m.vertex_mass[v];
    e += 0.5 * mass * s.velocity.segment<3>(m.vertex_dof[static_cast<size_t>(v)]).squaredNorm() + mass * 9.81 * x[3 * v + 1];
  }
  return e;
}

enum Scheme { kDirect = 0, kLdlt = 1, kNatural = 2, kIncomplete = 3, kSchur = 4 };

/// The run of one scheme: its energy at the end (J), iteration counts, time (s), tip drop (m).
struct Run {
  double energy = 0.0, newton = 0.0, qp = 0.0, seconds = 0.0, tip_drop = 0.0;
  int64_t rows = 0, q_nonzeros = 0;
};

Run run_beam(const SolidModel& m, Scheme scheme, int steps) {
  ElasticVolumes volumes(m);
  LiquidState air;
  air.grid.dx = 0.1;
  air.grid.n = Vec3i(8, 8, 8);
  air.phi = ScalarGrid(air.grid.n, 1.0);
  air.velocity.resize(air.grid);
  MonolithicSolveParams params;
  params.dt = kDt;
  params.contact.qp.tolerance = 1e-8;  // the paper's MPRGP tolerance and cap
  params.contact.qp.max_iterations = 1000;
  MonolithicNewtonSettings newton;
  newton.tolerance = 1e-7;
  newton.max_iterations = scheme == kNatural ? 10 : 100;
  newton.split = scheme == kNatural      ? ElasticSplit::natural
                 : scheme == kIncomplete ? ElasticSplit::incomplete
                 : scheme == kSchur      ? ElasticSplit::schur
                                         : ElasticSplit::ldlt;
  newton.accept_unconverged_qp = true;
  Run run;
  const auto t0 = std::chrono::steady_clock::now();
  SolidState s = initial_solid_state(m);
  SparseSpdSolver solver;
  for (int step = 0; step < steps; ++step) {
    volumes.begin_step(s, kDt, Vec3(0, -9.81, 0));
    VectorX v = volumes.predicted_velocity();
    if (scheme == kDirect) {
      run.newton += direct_newton(volumes, v, solver);
    } else {
      std::vector<RigidBody> bodies;
      ElasticBlock block = elastic_geometry(volumes, volumes.vertex_positions(s.z), air.grid, ScalarGrid());
      const MonolithicNewtonReport r = solve_monolithic_step(air, bodies, {}, nullptr, params, nullptr, &volumes, &block, newton);
      v = r.solve.elastic_velocity;
      run.newton += r.newton_iterations;
      run.qp += r.solve.iterations;
      run.rows = block.split.q.cols();
      run.q_nonzeros = block.split.q.nonZeros();
    }
    volumes.write(v, s);
  }
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  run.energy = mechanical_energy(m, s);
  const VectorX x = m.positions(s.z);
  for (int i = 0; i < m.num_vertices; ++i) run.tip_drop = std::max(run.tip_drop, 0.5 - x[3 * i + 1]);
  return run;
}

void BM_MonolithTable1HangingBeam(benchmark::State& st) {
  const auto scheme = static_cast<Scheme>(st.range(0));
  const int steps = static_cast<int>(st.range(2));
  const SolidModel m = hanging_beam(static_cast<int>(st.range(1)));
  const double start = mechanical_energy(m, initial_solid_state(m));
  Run run;
  for (auto _ : st) run = run_beam(m, scheme, steps);
  st.counters["unknowns"] = static_cast<double>(ElasticVolumes(m).size());
  st.counters["split_rows"] = static_cast<double>(run.rows);
  st.counters["q_nonzeros"] = static_cast<double>(run.q_nonzeros);
  st.counters["newton_per_step"] = run.newton / steps;
  st.counters["mprgp_per_step"] = run.qp / steps;
  st.counters["ms_per_step"] = 1e3 * run.seconds / steps;
  st.counters["tip_drop_mm"] = 1e3 * run.tip_drop;
  st.counters["energy_lost_mJ"] = 1e3 * (start - run.energy);  // to the integrator's damping, and to unsolved steps
}
// (scheme: 0 K, 1 LDLT, 2 NF, 3 IC, 4 ripple's Schur complement) x (cells along the beam: 16 -> 459 vertices, 32 -> 2673)
// x (steps of 1/120 s).
BENCHMARK(BM_MonolithTable1HangingBeam)
    ->ArgsProduct({{0, 1, 2, 3, 4}, {16}, {60}})
    ->ArgsProduct({{0, 1, 2, 3, 4}, {32}, {12}})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

}  // namespace
}  // namespace ripple::bench
