// The benchmarks' entry point: the allocator policy of the `ripple` program
// (core/allocator_policy.hpp), so that the numbers are the program's, then Google Benchmark.
#include <benchmark/benchmark.h>

#include "ripple/core/allocator_policy.hpp"

int main(int argc, char** argv) {
  ripple::keep_freed_memory_for_reuse();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
