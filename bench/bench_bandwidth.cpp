// This machine's memory bandwidth: a STREAM-like triad a = b + s c over arrays far larger
// than the caches, with 1 and 2 threads (the bound that the solver's per-iteration traffic is
// compared with in docs/performance.md). Bytes counted as in STREAM: 24 per element.
#include <benchmark/benchmark.h>
#include <oneapi/tbb/global_control.h>

#include <vector>

#include "ripple/core/parallel.hpp"

namespace ripple::bench {
namespace {

void BM_StreamTriad(benchmark::State& st) {
  const int threads = static_cast<int>(st.range(0));
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<size_t>(threads));
  const int64_t n = int64_t(1) << 25;  // 3 x 256 MiB
  std::vector<double> a(static_cast<size_t>(n)), b(static_cast<size_t>(n)), c(static_cast<size_t>(n));
  // First touch in parallel, as the solver's arrays are.
  parallel_blocks(0, n, 1 << 16, [&](int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; ++i) { a[i] = 0.0; b[i] = 1.0; c[i] = 2.0; }
  });
  const double s = 3.0;
  for (auto _ : st) {
    parallel_blocks(0, n, 1 << 16, [&](int64_t lo, int64_t hi) {
      double* __restrict pa = a.data();
      const double* __restrict pb = b.data();
      const double* __restrict pc = c.data();
      for (int64_t i = lo; i < hi; ++i) pa[i] = pb[i] + s * pc[i];
    });
    benchmark::DoNotOptimize(a.data());
    benchmark::ClobberMemory();
  }
  st.SetBytesProcessed(st.iterations() * n * 24);
  st.counters["threads"] = threads;
}

}  // namespace

BENCHMARK(BM_StreamTriad)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(1.0);

}  // namespace ripple::bench
