// Zarifi & Batty 2017, Table 2: the coupled projection's matrix in its indefinite form (Eq. 19,
// ILU-preconditioned BiCGSTAB, as the paper's baseline) and its SPD form (Eq. 33, incomplete-
// Cholesky CG) on a dam break against a hanging elastic beam, at 40^3, 60^3 and 80^3 cells:
// nonzeros, a condition estimate (2-norm, from power and inverse-power iterations), iterations
// and solve time of each, and their ratio (target: the SPD solve at least 2x faster at 60^3 and
// above). The state: the column's front has reached the beam (the beam stands in the liquid)
// after one coupled step; both forms solve the same system from a zero start, to the same
// relative residual (1e-8 by default; the paper used 1e-10). Also ripple's default for the SPD
// form, CG with a block preconditioner (multigrid on the liquid block, Cholesky on the solid's).
#include <benchmark/benchmark.h>

#include <Eigen/SparseCholesky>
#include <nlohmann/json.hpp>
#include "ripple/coupling/cutcell/coupled_projection.hpp"
#include "../tests/stepping.hpp"
#include "ripple/fluid/particle_level_set.hpp"
#include "ripple/sim/scene_input.hpp"
#include "ripple/coupling/cutcell/liquid_block_multigrid.hpp"

namespace ripple::bench {
namespace {

nlohmann::json dam_break_beam(int n) {
  const double L = 0.4, dx = L / n;
  return nlohmann::json{
      {"domain", {{"min", {0, 0, 0}}, {"max", {L, L, L}}, {"dx", dx}}},
      {"time", {{"end", 1.0}, {"fps", 30}, {"cfl", 1.0}}},
      {"fluid", {{"regions", {{{"type", "box"}, {"min", {0, 0, 0}}, {"max", {0.6 * L, 0.5 * L, L}}}}}}},
      {"solids",
       {{{"type", "volume"},
         {"name", "beam"},
         {"density", 800},
         {"model", "corotated_linear"},
         {"young", 2e5},
         {"poisson", 0.3},
         {"geometry", {{"type", "box"}, {"min", {0.45 * L, 0.2 * L, 0.35 * L}}, {"max", {0.55 * L, L, 0.65 * L}},
                       {"resolution", n / 4}}},
         {"pinned", {{"regions", {{{"min", {0.4 * L, 0.99 * L, 0.3 * L}}, {"max", {0.6 * L, L, 0.7 * L}}}}}}}}}},
      {"coupling", {{"method", "cutcell"}}},
      {"output", {{"preview", {{"enabled", false}}}}}};
}

/// Largest and smallest |eigenvalue| of a symmetric quasi-definite matrix: power iteration on A,
/// and on A^-1 through an LDL^T factorisation (no pivoting needed: the SPD form is definite,
/// the indefinite one quasi-definite).
double condition_estimate(const SparseMatrix& A, int iterations) {
  VectorX x = VectorX::Ones(A.rows()).normalized();
  double largest = 0.0;
  for (int i = 0; i < iterations; ++i) {
    const VectorX y = A * x;
    largest = y.norm();
    x = y / largest;
  }
  Eigen::SimplicialLDLT<SparseMatrix> ldlt(A);
  if (ldlt.info() != Eigen::Success) return 0.0;
  x = VectorX::Ones(A.rows()).normalized();
  double inverse_largest = 0.0;
  for (int i = 0; i < iterations; ++i) {
    const VectorX y = ldlt.solve(x);
    inverse_largest = y.norm();
    x = y / inverse_largest;
  }
  return largest * inverse_largest;
}

void BM_CutCellTable2(benchmark::State& st) {
  const int n = static_cast<int>(st.range(0));
  const bool condition = st.range(1) != 0;
  const Scene scene = build_scene(dam_break_beam(n), "bench", ".");
  World w(scene);
  CutCellCoupler c(cutcell_settings(scene));
  initialise_world(w, c);
  PhaseTimings warm;
  const double dt = c.stable_time_step(w);
  test::step(w, c, dt, warm);
  // This state's system, as the step assembles it.
  ProjectionInput in = prepare_projection(w, dt, warm);
  extrapolate_level_set_into_solids(w.liquid.phi, scene.grid, w.solids, 3);
  const CoupledBlocksWithMaps cb = assemble_coupled_blocks(w, c.state, in, dt);
  CoupledSystemSettings spd, indefinite;
  indefinite.formulation = CutCellFormulation::indefinite;
  CoupledSystemSettings spd_fixed;  // the paper's setting: alpha = 0.001 for every scene
  spd_fixed.alpha = 1e-3;
  // ripple's default: CG with the block preconditioner (multigrid on the liquid block).
  CoupledSystemSettings spd_mg;
  LiquidBlockMultigrid multigrid(w.pressure_system, cb.cell_row, scene.grid.dx);
  spd_mg.fluid_preconditioner = multigrid.factory();
  CoupledSystemReport r_spd, r_ind, r_fixed, r_mg;
  for (auto _ : st) {
    VectorX p = VectorX::Zero(cb.blocks.fluid.rows()), v = VectorX::Zero(cb.blocks.mass.rows());
    r_spd = solve_coupled_system(cb.blocks, spd, p, v);
    p.setZero();
    v.setZero();
    r_ind = solve_coupled_system(cb.blocks, indefinite, p, v);
    p.setZero();
    v.setZero();
    r_fixed = solve_coupled_system(cb.blocks, spd_fixed, p, v);
    p.setZero();
    v.setZero();
    r_mg = solve_coupled_system(cb.blocks, spd_mg, p, v);
  }
  st.counters["its_spd_multigrid"] = r_mg.iterations;
  st.counters["solve_s_spd_multigrid"] = r_mg.solve_seconds;
  st.counters["residual_spd_multigrid"] = r_mg.coupled_residual;
  st.counters["alpha_auto"] = r_spd.alpha;
  st.counters["its_spd_alpha_1e-3"] = r_fixed.iterations;
  st.counters["solve_s_spd_alpha_1e-3"] = r_fixed.solve_seconds;
  st.counters["cells"] = static_cast<double>(n) * n * n;
  st.counters["solid_nodes"] = static_cast<double>(w.lagrangian->model.bodies[c.state.solids.bodies[0]].num_vertices);
  st.counters["fluid_unknowns"] = static_cast<double>(cb.blocks.fluid.rows());
  st.counters["nnz_indefinite"] = static_cast<double>(r_ind.nonzeros);
  st.counters["nnz_spd"] = static_cast<double>(r_spd.nonzeros);
  st.counters["its_indefinite"] = r_ind.iterations;
  st.counters["its_spd"] = r_spd.iterations;
  st.counters["solve_s_indefinite"] = r_ind.solve_seconds;
  st.counters["solve_s_spd"] = r_spd.solve_seconds;
  st.counters["indefinite_over_spd"] = r_ind.solve_seconds / r_spd.solve_seconds;
  st.counters["converged_both"] = r_spd.converged && r_ind.converged;
  st.counters["residual_spd"] = r_spd.coupled_residual;
  st.counters["residual_indefinite"] = r_ind.coupled_residual;
  if (condition) {
    st.counters["log10_cond_indefinite"] = std::log10(condition_estimate(assemble_coupled_system(cb.blocks, indefinite).matrix, 40));
    st.counters["log10_cond_spd"] = std::log10(condition_estimate(assemble_coupled_system(cb.blocks, spd).matrix, 40));
    st.counters["log10_cond_spd_alpha_1e-3"] =
        std::log10(condition_estimate(assemble_coupled_system(cb.blocks, spd_fixed).matrix, 40));
  }
}

}  // namespace

// Args: cells along a side, condition estimate (1) or not (0; its LDL^T at 80^3 is slow).
BENCHMARK(BM_CutCellTable2)->Args({40, 1})->Args({60, 1})->Args({80, 0})->Iterations(1)->Unit(benchmark::kSecond)->UseRealTime();

}  // namespace ripple::bench
