// Takahashi & Batty 2022, Table 1: an elastic beam hanging from its fixed left end (Fig. 3;
// E = 1e4 Pa, nu = 0.49, 500 kg/m^3, no contact, no liquid), stepped by the monolith's Newton
// iteration with the stiffness through its LDL^T split and MPRGP on the dual ("ldlt", the
// paper's scheme and ripple's), against the same Newton iteration solving (M' + K') dv = -g
// directly with CHOLMOD ("direct", the paper's K baseline, which cannot take contacts or a
// liquid). Both are exact Newton methods on the same incremental potential, so they must end
// at the same state; counters: unknowns, nonzeros of Q, Newton and MPRGP iterations per step.
#include <benchmark/benchmark.h>

#include <chrono>

#include "ripple/coupling/monolith/monolithic_newton.hpp"
#include "ripple/solid/mesh_generators.hpp"
#include "ripple/solid/solid_builder.hpp"
#include "ripple/solver/sparse_spd_solver.hpp"

namespace ripple::bench {
namespace {

constexpr double kDt = 1.0 / 120.0;
constexpr int kSteps = 12;

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

void BM_MonolithTable1HangingBeam(benchmark::State& st) {
  const bool ldlt = st.range(0) != 0;
  const SolidModel m = hanging_beam(static_cast<int>(st.range(1)));
  ElasticVolumes volumes(m);
  LiquidState air;
  air.grid.dx = 0.1;
  air.grid.n = Vec3i(8, 8, 8);
  air.phi = ScalarGrid(air.grid.n, 1.0);
  air.velocity.resize(air.grid);
  MonolithicSolveParams params;
  params.dt = kDt;
  params.contact.qp.tolerance = 1e-8;  // the paper's MPRGP tolerance
  params.contact.qp.max_iterations = 100000;
  MonolithicNewtonSettings newton;
  newton.tolerance = 1e-7;
  double newton_iterations = 0.0, qp_iterations = 0.0, q_nonzeros = 0.0, drop = 0.0, seconds = 0.0;
  for (auto _ : st) {
    const auto t0 = std::chrono::steady_clock::now();
    SolidState s = initial_solid_state(m);
    SparseSpdSolver solver;
    for (int step = 0; step < kSteps; ++step) {
      volumes.begin_step(s, kDt, Vec3(0, -9.81, 0));
      VectorX v = volumes.predicted_velocity();
      if (ldlt) {
        std::vector<RigidBody> bodies;
        ElasticBlock block = elastic_geometry(volumes, volumes.vertex_positions(s.z), air.grid, ScalarGrid());
        const MonolithicNewtonReport r =
            solve_monolithic_step(air, bodies, {}, nullptr, params, nullptr, &volumes, &block, newton);
        if (!r.newton_converged || !r.solve.converged) st.SkipWithError("the Newton iteration did not converge");
        v = r.solve.elastic_velocity;
        newton_iterations += r.newton_iterations;
        qp_iterations += r.solve.iterations;
        q_nonzeros = static_cast<double>(block.split.q.nonZeros());
      } else {
        newton_iterations += direct_newton(volumes, v, solver);
      }
      volumes.write(v, s);
    }
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const VectorX x = m.positions(s.z);
    drop = 0.0;
    for (int i = 0; i < m.num_vertices; ++i) drop = std::max(drop, 0.5 - x[3 * i + 1]);
  }
  const double steps = static_cast<double>(st.iterations()) * kSteps;
  st.counters["unknowns"] = static_cast<double>(volumes.size());
  st.counters["q_nonzeros"] = q_nonzeros;
  st.counters["newton_per_step"] = newton_iterations / steps;
  st.counters["mprgp_per_step"] = qp_iterations / steps;
  st.counters["ms_per_step"] = 1e3 * seconds / steps;
  st.counters["tip_drop_mm"] = 1e3 * drop;
}
// (scheme: 1 = ldlt, 0 = direct) x (cells along the beam: 16 -> 459 vertices, 32 -> 2673).
BENCHMARK(BM_MonolithTable1HangingBeam)
    ->ArgsProduct({{1, 0}, {16, 32}})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

}  // namespace
}  // namespace ripple::bench
