#!/usr/bin/env bash
# One harness's ctest smoke run (RIPPLE_FUZZ builds): libFuzzer for SECONDS over a copy of its
# seed corpus and saved crashes, in WORK_DIR, so nothing is written into the source tree.
#   fuzz_smoke.sh HARNESS_EXE CORPUS_DIR REGRESSIONS_DIR WORK_DIR SECONDS
set -euo pipefail
exe=$1 corpus=$2 regressions=$3 work=$4 seconds=$5
rm -rf "$work"
mkdir -p "$work/corpus" "$work/artifacts"
cp -r "$corpus"/. "$work/corpus/"
if [[ -d $regressions ]]; then cp -r "$regressions"/. "$work/corpus/"; fi
exec "$exe" "$work/corpus" -max_total_time="$seconds" -timeout=25 -rss_limit_mb=2048 \
  -artifact_prefix="$work/artifacts/" -print_final_stats=1
