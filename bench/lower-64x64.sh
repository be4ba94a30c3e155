#!/usr/bin/env bash
# Lowering and compile time of the 64x64 torus All-Gather (4,096 ranks,
# 16,773,120 transfers): convert-coll-to-mpi (table form), tacos-lower-to-llvm,
# translation to LLVM IR and an object file, in one process
# (build/bench/bench-lower-object, stage by stage); with TEXT=1 also through
# files as separate tools would (tacos-opt, tacos-translate to LLVM IR text,
# llc), each step's wall time and peak RSS from GNU time. Not a test:
# numbers go to bench/README.md.
#
# Usage: [TEXT=1] bench/lower-64x64.sh [BUILD_DIR]   (default build; needs
# `ninja -C build bench-lower-object`). Needs about 3 GB of free disk in
# $TMPDIR (5 GB with TEXT=1: the LLVM IR text is 1.7 GB).
set -euo pipefail
BUILD=${1:-build}
BIN=$BUILD/bin
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
step in-process "$BUILD/bench/bench-lower-object" "$WORK/ag.mlirbc" \
  "$WORK/ag.o"
ls -l "$WORK"/ag.o | awk '{print $5, $9}'
[ "${TEXT:-0}" = 1 ] || exit 0

step convert-coll-to-mpi "$BIN/tacos-opt" "$WORK/ag.mlirbc" \
  --convert-coll-to-mpi --emit-bytecode -o "$WORK/mpi.mlirbc"
step tacos-lower-to-llvm "$BIN/tacos-opt" "$WORK/mpi.mlirbc" \
  --tacos-lower-to-llvm --emit-bytecode -o "$WORK/llvm.mlirbc"
step mlir-to-llvmir "$BIN/tacos-translate" --mlir-to-llvmir \
  "$WORK/llvm.mlirbc" -o "$WORK/ag.ll"
step llc "${LLC:-llc-22}" -O2 -filetype=obj "$WORK/ag.ll" -o "$WORK/ag.o"
ls -l "$WORK"/mpi.mlirbc "$WORK"/ag.ll "$WORK"/ag.o | awk '{print $5, $9}'
