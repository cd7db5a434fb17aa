// Pressure solve on a developing dam break (issue 2, section 7): MIC(0)-PCG versus
// multigrid-preconditioned CG at 32^3, 64^3 and 128^3, to a relative residual of 1e-6.
// Besides time and iterations it reports the memory traffic of one CG iteration from a
// per-cell byte count of every array each kernel streams (see traffic_per_iteration) and the
// bandwidth that traffic achieves.
#include <benchmark/benchmark.h>

#include <chrono>
#include <map>
#include <memory>

#include "dam_break_state.hpp"
#include "ripple/solver/mic0_preconditioner.hpp"
#include "ripple/solver/multigrid_preconditioner.hpp"

namespace ripple::bench {
namespace {

constexpr double kStateTime = 0.15;  // s: the front has run about a quarter of the floor

struct PressureCase {
  DamBreakState state;  // owns the face fractions the system points at
  PressureSystem sys;
};

PressureCase& pressure_case(int resolution) {
  static std::map<int, std::unique_ptr<PressureCase>> cache;  // built once per process
  auto& slot = cache[resolution];
  if (!slot) {
    slot = std::make_unique<PressureCase>();
    slot->state = make_dam_break(resolution, 8, kStateTime);
    World& w = *slot->state.world;
    PhaseTimings t;
    const double dt = test::stable_dt(w);
    prepare_projection(w, dt, t);
    assemble_pressure_system(slot->sys, w.liquid, w.solids, nullptr, projection_params(w.scene, dt));
  }
  return *slot;
}

// Bytes streamed per active cell by the CG loop itself (pcg.cpp): A p (reads p, diag, three
// off-diagonals, writes q: 48), p.q (16), x += a p and r -= a q (48), max|r| (8), r.z (16),
// p = z + b p (24). Neighbour reads are assumed to hit cache.
constexpr double kCgBytesPerCell = 160.0;
// MIC(0): forward and backward substitution, each reading the right side, three
// off-diagonals and the inverse diagonal and writing the result.
constexpr double kMicBytesPerCell = 96.0;
// One multigrid level per V-cycle, in single precision and compact storage: the first
// half-sweep from x = 0 (reads b and diag, writes x: 12); 7 more red-black Gauss-Seidel
// half-sweeps, each streaming b, diag, three off-diagonals and x (7 x 24); the residual (28);
// restriction reads r (4); prolongation updates x (8); the copy of x to the full-grid array
// the finer level's prolongation reads (4).
constexpr double kMgBytesPerLevelCell = 12 + 7 * 24 + 28 + 4 + 8 + 4;

// `mg_levels`: active cells per multigrid level (empty for MIC).
double traffic_per_iteration(const PressureSystem& sys, const std::vector<int64_t>& mg_levels) {
  const double n = static_cast<double>(sys.A.active_count());
  if (mg_levels.empty()) return n * (kCgBytesPerCell + kMicBytesPerCell);
  double bytes = n * (kCgBytesPerCell + 24.0);  // + r in (double -> float), z out (float -> double)
  for (int64_t cells : mg_levels) bytes += static_cast<double>(cells) * kMgBytesPerLevelCell;
  return bytes;
}

void BM_PressureSolve(benchmark::State& st, const char* preconditioner) {
  const int res = static_cast<int>(st.range(0));
  PressureCase& pc = pressure_case(res);
  PressureSolverSettings settings;
  settings.preconditioner =
      std::string(preconditioner) == "mic" ? PressurePreconditioner::Mic : PressurePreconditioner::Multigrid;
  settings.tolerance = 1e-6;
  settings.max_iterations = 10000;
  ProjectionResult r;
  double total = 0.0;
  for (auto _ : st) {
    std::vector<double> x(static_cast<size_t>(pc.sys.A.cells()), 0.0);
    const auto t0 = std::chrono::steady_clock::now();
    r = solve_pressure_system(pc.sys, x, settings);
    total += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    benchmark::DoNotOptimize(x.data());
  }
  const double solve = total / static_cast<double>(st.iterations());
  double setup = 0.0;  // preconditioner construction alone, once
  std::vector<int64_t> mg_levels;
  {
    const auto t0 = std::chrono::steady_clock::now();
    if (settings.preconditioner == PressurePreconditioner::Multigrid) {
      MultigridPreconditioner mg(pc.sys.A, pc.sys.mg);
      setup = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      mg_levels = mg.active_cells_per_level();
    } else {
      Mic0Preconditioner mic(pc.sys.A);
      setup = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
  }
  const double per_iteration = r.iterations > 0 ? (solve - setup) / r.iterations : 0.0;
  const double bytes = traffic_per_iteration(pc.sys, mg_levels);
  st.SetLabel(preconditioner);
  st.counters["liquid_cells"] = static_cast<double>(pc.sys.A.active_count());
  st.counters["iterations"] = r.iterations;
  st.counters["residual"] = r.residual;
  st.counters["solve_s"] = solve;
  st.counters["setup_s"] = setup;
  st.counters["iter_ms"] = 1e3 * per_iteration;
  st.counters["MB_per_iter"] = bytes * 1e-6;
  st.counters["GBps"] = per_iteration > 0 ? bytes / per_iteration * 1e-9 : 0.0;
}

}  // namespace

BENCHMARK_CAPTURE(BM_PressureSolve, mgpcg, "mgpcg")->Arg(32)->Arg(64)->Arg(128)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(2.0);
BENCHMARK_CAPTURE(BM_PressureSolve, mic, "mic")->Arg(32)->Arg(64)->Arg(128)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(2.0);

}  // namespace ripple::bench
