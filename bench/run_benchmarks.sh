#!/usr/bin/env bash
# Runs every benchmark and keeps the results (JSON and a console copy) in bench/results/.
#   bash bench/run_benchmarks.sh [extra Google Benchmark flags, e.g. --benchmark_filter=Stream]
# Takes about 10 minutes on 2 cores: the 128^3 cases first advance a dam break to t = 0.1-0.15 s.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir="${RIPPLE_BUILD_DIR:-build}"
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DRIPPLE_BUILD_BENCH=ON >/dev/null
cmake --build "$build_dir" -j"$(nproc)" --target ripple_bench
mkdir -p bench/results
stamp=$(date +%Y%m%d-%H%M%S)
"$build_dir/bench/ripple_bench" --benchmark_out="bench/results/$stamp.json" --benchmark_out_format=json "$@" \
  | tee "bench/results/$stamp.txt"
echo "results: bench/results/$stamp.json"
