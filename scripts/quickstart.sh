#!/usr/bin/env bash
# One entry point for the README quick start and CI.
#   bash scripts/quickstart.sh demo   install what is missing, build, run the dam-break demo
#   bash scripts/quickstart.sh test   install what is missing, build, run the whole test suite
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-demo}"
build_dir="${RIPPLE_BUILD_DIR:-build}"

packages=(build-essential cmake libeigen3-dev libtbb-dev nlohmann-json3-dev libcli11-dev
          libpng-dev zlib1g-dev libsuitesparse-dev libopenblas0-pthread libgtest-dev libbenchmark-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "quickstart: installing ${missing[*]}"
  if [[ $(id -u) -ne 0 ]]; then sudo=sudo; else sudo=; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build_dir" -j"$(nproc)"

case "$mode" in
  demo)
    "$build_dir/ripple" run scenes/fluid/dam_break.json --out out/dam_break --overwrite
    echo "quickstart: frames, stats.jsonl and previews are in out/dam_break/"
    ;;
  test)
    ctest --test-dir "$build_dir" --output-on-failure -j"$(nproc)" --timeout 1200
    ;;
  *)
    echo "usage: bash scripts/quickstart.sh [demo|test]" >&2; exit 2 ;;
esac
