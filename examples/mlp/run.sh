#!/usr/bin/env bash
# Compiles the MLP training step of examples/mlp to a native program and runs
# it on 8 MPI ranks (a 2x4 grid), twice: with every collective lowered by
# tacos-lower-shard-collectives, and with the data-parallel All-Reduce of
# sync.mlir lowered by upstream's convert-shard-to-mpi instead. Each run
# checks every rank's results against a direct computation (main.c); the two
# runs must print the same results.
#
# Usage: examples/mlp/run.sh [--time]
# Environment: TACOS_BIN (tacos-opt and tacos-translate; default build/bin),
# CLANG (default clang-22), MPIRUN (default mpirun --oversubscribe, plus
# --allow-run-as-root as root), OUT (where the files go; default a temporary
# directory).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
BIN=${TACOS_BIN:-$HERE/../../build/bin}
CLANG=${CLANG:-clang-22}
if [ -z "${MPIRUN:-}" ]; then
  MPIRUN="mpirun --oversubscribe"
  [ "$(id -u)" -ne 0 ] || MPIRUN="$MPIRUN --allow-run-as-root"
fi
OUT=${OUT:-$(mktemp -d)}
mkdir -p "$OUT"

BUFFERIZE="--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map"

# MLIR (shard + linalg on tensors) -> LLVM IR: the collectives become calls of
# synthesized, verified algorithms, then One-Shot Bufferize, linalg to loops,
# and the LLVM dialect.
compile() { # input.mlir output.ll [passes before the bridge] [bridge options]
  "$BIN/tacos-opt" "$1" ${3:-} --tacos-lower-shard-collectives${4:-} \
    "$BUFFERIZE" --convert-linalg-to-loops --tacos-lower-to-llvm |
    "$BIN/tacos-translate" --mlir-to-llvmir > "$2"
}

start=$(date +%s%N)
compile "$HERE/mlp.mlir" "$OUT/mlp.ll"
# Its own tags, past those of mlp.mlir's functions (0-11: 6 requests on 2
# groups each), so that messages of the two halves of the step can never
# match each other's receives.
compile "$HERE/sync.mlir" "$OUT/sync.ll" "" "=tag=100"
# The comparison: upstream lowers the All-Reduce to MPI_Comm_split +
# MPI_Allreduce; the bridge then has nothing left to lower and only erases the
# grid (tacos-lower-to-llvm also fixes the names LLVM 22's Open MPI lowering
# gives MPI_SUM etc.).
compile "$HERE/sync.mlir" "$OUT/sync-upstream.ll" --convert-shard-to-mpi
for f in mlp sync sync-upstream; do
  "$CLANG" -Wno-override-module -O2 -c -x ir "$OUT/$f.ll" -o "$OUT/$f.o"
done
MPICFLAGS=$(mpicc -showme:compile)
MPILIBS=$(mpicc -showme:link)
# shellcheck disable=SC2086
"$CLANG" -O2 $MPICFLAGS "$HERE/main.c" "$OUT/mlp.o" "$OUT/sync.o" $MPILIBS -o "$OUT/mlp"
# shellcheck disable=SC2086
"$CLANG" -O2 $MPICFLAGS "$HERE/main.c" "$OUT/mlp.o" "$OUT/sync-upstream.o" $MPILIBS -o "$OUT/mlp-upstream"
end=$(date +%s%N)
echo "mlp: compiled in $(((end - start) / 1000000)) ms" >&2

status=0
for exe in mlp mlp-upstream; do
  echo "== $exe"
  # shellcheck disable=SC2086
  $MPIRUN -np 8 "$OUT/$exe" "$@" | sort > "$OUT/$exe.out" || status=1
  cat "$OUT/$exe.out"
done
if ! diff "$OUT/mlp.out" "$OUT/mlp-upstream.out" >&2; then
  echo "mlp: tacos and upstream results differ" >&2
  status=1
fi
grep -q FAIL "$OUT/mlp.out" "$OUT/mlp-upstream.out" && status=1
[ $status -eq 0 ] && echo "mlp: tacos and upstream agree"
exit $status
