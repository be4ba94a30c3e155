#!/usr/bin/env bash
# Lowering and compile time of the 64x64 torus All-Gather (4,096 ranks,
# 16,773,120 transfers): convert-coll-to-mpi (table form), tacos-lower-to-llvm,
# export to LLVM IR, and llc to an object file. Prints wall time and peak
# resident memory of each step (GNU time). Not a test: numbers go to
# bench/README.md.
#
# Usage: bench/lower-64x64.sh [BIN_DIR]   (default build/bin)
# Needs about 6 GB of free disk in $TMPDIR (the table is 537 MB, its LLVM IR
# text several times that).
set -euo pipefail
BIN=${1:-build/bin}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

step() {
  local name=$1
  shift
  /usr/bin/time -f "$name: %e s wall, %M KB peak RSS" "$@"
}

cat >"$WORK/torus.mlir" <<'MLIR'
topo.network @torus {
  topo.dims [ring(64) link(50 GiBps, 500 ns), ring(64) link(50 GiBps, 500 ns)]
}
coll.all_gather @ag on @torus size(1 GiB)
MLIR

# Bytecode between the steps: the packed transfers and the step table are
# raw blobs there (in text they would be hex strings twice their size).
step synthesize "$BIN/tacos-opt" "$WORK/torus.mlir" \
  --coll-synthesize=materialize=packed --emit-bytecode -o "$WORK/ag.mlirbc"
step convert-coll-to-mpi "$BIN/tacos-opt" "$WORK/ag.mlirbc" \
  --convert-coll-to-mpi --emit-bytecode -o "$WORK/mpi.mlirbc"
step tacos-lower-to-llvm "$BIN/tacos-opt" "$WORK/mpi.mlirbc" \
  --tacos-lower-to-llvm --emit-bytecode -o "$WORK/llvm.mlirbc"
step mlir-to-llvmir "$BIN/tacos-translate" --mlir-to-llvmir \
  "$WORK/llvm.mlirbc" -o "$WORK/ag.ll"
step llc "${LLC:-llc-22}" -O2 -filetype=obj "$WORK/ag.ll" -o "$WORK/ag.o"
ls -l "$WORK"/mpi.mlirbc "$WORK"/ag.ll "$WORK"/ag.o | awk '{print $5, $9}'
