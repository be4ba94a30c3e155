#!/usr/bin/env bash
# The whole tacos-opt process for the 64x64 torus All-Gather (4,096 NPUs,
# 1 chunk each, 16,773,120 transfers, a 520 MB packed schedule): parse,
# coll-synthesize (synthesis, native verification, the packed blob), print.
# For the bytecode form (--emit-bytecode) and the text form: wall, user and
# system time and peak RSS from GNU time, and the pass/output split from
# --mlir-timing. Then the synthesis call alone (bench-synthesis, verify off),
# so that process minus synthesis is what verifying and writing cost. Not a
# test: numbers go to bench/README.md.
#
# Usage: [N=64] [OUT_DIR=dir] bench/process-64x64.sh [BUILD_DIR]
#   (default build; needs `ninja -C build tacos-opt bench-synthesis`). N=32
#   runs the 32x32 torus. The outputs (0.5 GB bytecode and 1 GB text at
#   64x64) go to OUT_DIR, by default a temporary directory under $TMPDIR;
#   OUT_DIR=/dev/shm keeps the disk out of the figures.
set -euo pipefail
BUILD=${1:-build}
N=${N:-64}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
OUT=${OUT_DIR:-$WORK}
TIME_FORMAT="%e s wall, %U s user, %S s sys, %M KB peak RSS"

cat >"$WORK/torus.mlir" <<MLIR
topo.network @torus {
  topo.dims [ring($N) link(50 GiBps, 500 ns), ring($N) link(50 GiBps, 500 ns)]
}
coll.all_gather @ag on @torus size(1 GiB)
MLIR

process() {
  local name=$1 out=$2
  shift 2
  /usr/bin/time -f "$name: $TIME_FORMAT" "$BUILD/bin/tacos-opt" \
    "$WORK/torus.mlir" --coll-synthesize --mlir-timing "$@" -o "$out" \
    2>"$WORK/log" || { cat "$WORK/log"; exit 1; }
  grep -E "CollSynthesize|Output|$name:" "$WORK/log" | sed 's/^ */  /'
  ls -l "$out" | awk '{print "  " $5 " bytes written"}'
  rm -f "$out"
}

process bytecode "$OUT/ag-$N.mlirbc" --emit-bytecode
process text "$OUT/ag-$N.mlir"
[ -x "$BUILD/bench/bench-synthesis" ] || exit 0
/usr/bin/time -o "$WORK/time" -f "synthesis call: $TIME_FORMAT" \
  "$BUILD/bench/bench-synthesis" torus "$N" 2>/dev/null |
  grep -E "synthesis|peak" | sed 's/^ */  /'
cat "$WORK/time"
