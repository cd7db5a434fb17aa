// A whole liquid substep on the 128^3 breaking dam with about 5.5M particles, the setting of
// the mantaflow measurement in ../shared/reference/validation-data.md, section 8 (2.63 s per
// step, 0.755 s per pressure solve). Reports the median step and the median time of each
// phase over the measured substeps; `tol` selects the pressure tolerance (1e-6, ripple's
// default, or 1e-3, mantaflow's setting in that measurement).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <vector>

#include "dam_break_state.hpp"

namespace ripple::bench {
namespace {

double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  const size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

void BM_LiquidStep(benchmark::State& st) {
  const int res = static_cast<int>(st.range(0));
  const int ppc = static_cast<int>(st.range(1));
  const double tolerance = st.range(2) == 3 ? 1e-3 : 1e-6;
  DamBreakState s = make_dam_break(res, ppc, 0.1, "mgpcg", tolerance);
  std::vector<double> steps;
  std::map<std::string, std::vector<double>> phases;
  for (auto _ : st) {
    PhaseTimings t;
    const auto t0 = std::chrono::steady_clock::now();
    step_dam_break(s, t);
    steps.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    for (const auto& [name, sec] : t.totals()) phases[name].push_back(sec);
  }
  st.counters["particles"] = static_cast<double>(s.world->liquid.particles.size());
  st.counters["median_step_s"] = median(steps);
  for (const auto& [name, v] : phases) st.counters[name] = median(v);
}

}  // namespace

// Args: resolution, particles per cell, pressure tolerance exponent (6 or 3).
BENCHMARK(BM_LiquidStep)->Args({64, 11, 6})->Args({128, 11, 6})->Args({128, 11, 3})
    ->Iterations(7)->Unit(benchmark::kSecond)->UseRealTime();

}  // namespace ripple::bench
