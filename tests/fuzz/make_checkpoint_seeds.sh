#!/usr/bin/env bash
# Regenerates the checkpoint harness's seeds (corpus/checkpoint/) and its one hand-made
# regression from the current checkpoint format: rerun after the format (its version) changes.
#   bash tests/fuzz/make_checkpoint_seeds.sh [RIPPLE_BINARY]   (default: build/ripple)
set -euo pipefail
cd "$(dirname "$0")"
ripple=$(realpath "${1:-../../build/ripple}")
tmp=$(mktemp -d)
for scene in liquid barrier cutcell gas; do
  "$ripple" run "checkpoint_scenes/$scene.json" --frames 1 --quiet --out "$tmp/$scene" 2>/dev/null
  cp "$tmp/$scene/checkpoints/frame_0001.ckpt" "corpus/checkpoint/$scene.ckpt"
done
rm -rf "$tmp"
# The liquid seed with the first grid's nx and ny swapped (same cell count), length and CRC-32
# made to match: once accepted with a wrongly shaped velocity grid.
python3 - <<'PY'
import struct, zlib
d = bytearray(open("corpus/checkpoint/liquid.ckpt", "rb").read())
header, first_grid = 24, 24 + 8 + 4 + 8 + 8  # magic+version+length+crc; fingerprint, frame, time, steps
nx, ny, nz = struct.unpack_from("<3i", d, first_grid)
struct.pack_into("<3i", d, first_grid, ny, nx, nz)
struct.pack_into("<QI", d, 12, len(d) - header, zlib.crc32(bytes(d[header:])))
open("regressions/checkpoint/accepted-permuted-grid-size.ckpt", "wb").write(d)
PY
echo "make_checkpoint_seeds: corpus/checkpoint/ and regressions/checkpoint/ regenerated"
