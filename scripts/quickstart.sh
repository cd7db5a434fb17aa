#!/usr/bin/env bash
# One entry point for the README quick start and CI.
#   bash scripts/quickstart.sh demo   install what is missing, build, run the dam-break demo
#   bash scripts/quickstart.sh test   install what is missing, build, run the whole test suite
#   bash scripts/quickstart.sh sanitize   the same under ASan + UBSan (clang, build-sanitize/),
#                                         then three short scenes; any sanitizer report fails
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-demo}"
if [[ $mode == sanitize ]]; then build_dir="${RIPPLE_BUILD_DIR:-build-sanitize}"; else build_dir="${RIPPLE_BUILD_DIR:-build}"; fi

# python3-matplotlib draws `ripple compare`'s report (its tests run it).
packages=(build-essential cmake libeigen3-dev libtbb-dev nlohmann-json3-dev libcli11-dev
          libpng-dev zlib1g-dev libsuitesparse-dev libopenblas0-pthread libgtest-dev libbenchmark-dev
          python3-matplotlib)
# clang++ and its sanitizer runtimes (libclang-rt-14-dev) for the sanitizer build only.
if [[ $mode == sanitize ]]; then packages+=(clang libclang-rt-14-dev); fi
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

if [[ $mode == sanitize ]]; then
  # -O2 -g: fast enough for the whole suite, with line numbers in the reports.
  cmake -S . -B "$build_dir" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DRIPPLE_SANITIZE=ON -DRIPPLE_BUILD_BENCH=OFF >/dev/null
else
  cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$build_dir" -j"$(nproc)"

case "$mode" in
  demo)
    "$build_dir/ripple" run scenes/fluid/dam_break.json --out out/dam_break --overwrite
    echo "quickstart: frames, stats.jsonl and previews are in out/dam_break/"
    ;;
  test)
    ctest --test-dir "$build_dir" --output-on-failure -j"$(nproc)" --timeout 1200
    ;;
  sanitize)
    # Reports also go to files: a finding in a `ripple` child process whose exit status a test
    # does not look at must still fail the run.
    logs=$(mktemp -d)
    export ASAN_OPTIONS="log_path=$logs/asan:abort_on_error=1:detect_stack_use_after_return=1"
    export UBSAN_OPTIONS="log_path=$logs/ubsan:print_stacktrace=1:halt_on_error=1"
    status=0
    ctest --test-dir "$build_dir" --output-on-failure -j"$(nproc)" --timeout 1200 || status=1
    for scene in fluid/dam_break barrier/drop_through_rod cutcell/floating_box; do
      echo "quickstart: ripple run scenes/$scene.json --frames 2"
      "$build_dir/ripple" run "scenes/$scene.json" --frames 2 --quiet --out "$logs/out/${scene//\//_}" || status=1
    done
    if compgen -G "$logs/*san*" >/dev/null; then
      cat "$logs"/*san* >&2
      echo "quickstart: sanitizer reports above (also in $logs)" >&2
      exit 1
    fi
    rm -rf "$logs"
    ((status == 0)) || { echo "quickstart: a test or scene failed under the sanitizers" >&2; exit 1; }
    echo "quickstart: no sanitizer findings"
    ;;
  *)
    echo "usage: bash scripts/quickstart.sh [demo|test|sanitize]" >&2; exit 2 ;;
esac
