#!/usr/bin/env bash
# Issue 12's run benchmark: 8 ranks on loopback, 64 MiB f32 All-Reduce and
# All-Gather, busbw of the lowered TACOS and ring algorithms beside Open MPI's
# own collective, all checked element by element (tacos-run). Not a test:
# figures go to bench/README.md. On loopback topology cannot help: this
# measures what the generated code costs against Open MPI's tuned
# collectives, with every rank on a shared core.
# Usage: bench/run-loopback.sh [BUILD_DIR] (default build; needs tacos-opt,
# tacos-run, tacos-run-rank). ITERS (default 5) calls are timed per row.
set -euo pipefail
BUILD=${1:-build}
BIN=$BUILD/bin
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
ITERS=${ITERS:-5}
ELEMENTS=$((64 * 1024 * 1024 / 4))

for algorithm in tacos ring; do
  cat >"$WORK/$algorithm.mlir" <<MLIR
topo.network @ring8 {
  topo.dims [ring(8) link(50 GBps, 1 us)]
}
coll.all_reduce @ar_$algorithm on @ring8 size(64 MiB)
coll.all_gather @ag_$algorithm on @ring8 size(64 MiB)
MLIR
  "$BIN/tacos-opt" "$WORK/$algorithm.mlir" \
    --coll-synthesize="algorithm=$algorithm" --coll-verify \
    -o "$WORK/$algorithm.alg.mlir"
  /usr/bin/time -f "# $algorithm: whole tacos-run %e s, peak RSS of mpirun %M KB" \
    "$BIN/tacos-run" "$WORK/$algorithm.alg.mlir" -np 8 --dtype f32 \
    --elements "$ELEMENTS" --iters "$ITERS" --timeout 1200
done
