#!/usr/bin/env bash
# Times `ripple compare` one method after another (all cores each) against side by side (the
# cores shared out), interleaved, and prints each run's wall time and the medians.
#   bash bench/compare_schedule.sh [SCENE] [FRAMES] [REPEATS]
# (default: scenes/compare/ball_into_pool.json, 10 frames, 3 repeats, every method that can run it)
set -euo pipefail
cd "$(dirname "$0")/.."
scene="${1:-scenes/compare/ball_into_pool.json}"
frames="${2:-10}"
repeats="${3:-3}"
ripple="${RIPPLE_BUILD_DIR:-build}/ripple"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
declare -A times
for ((r = 1; r <= repeats; r++)); do
  for schedule in sequential side-by-side; do
    start=$(date +%s.%N)
    "$ripple" compare "$scene" --frames "$frames" --schedule "$schedule" --overwrite --quiet \
      --set /output/preview/enabled=false --out "$out/$schedule" >/dev/null
    end=$(date +%s.%N)
    t=$(awk -v a="$start" -v b="$end" 'BEGIN {print b - a}')
    times[$schedule]+="$t "
    printf '%-13s run %d: %.2f s\n' "$schedule" "$r" "$t"
  done
done
median() { tr ' ' '\n' <<<"$1" | grep -v '^$' | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
seq_m=$(median "${times[sequential]}")
par_m=$(median "${times[side-by-side]}")
printf 'median: sequential %.2f s, side by side %.2f s (side by side takes %.2f of the sequential time)\n' \
  "$seq_m" "$par_m" "$(awk -v a="$par_m" -v b="$seq_m" 'BEGIN {print a / b}')"
