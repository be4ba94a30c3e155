#!/usr/bin/env bash
# The main job: set up, then synthesize an All-Reduce for a shipped network,
# verify it, report its predicted time against the lower bounds and the
# classic algorithms, and run it on real data under Open MPI with tacos-run.
# Usage: scripts/demo.sh [file.mlir [ranks [elements]]]
#   (default: examples/allreduce.mlir on 8 ranks, 1 Mi elements of f32)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh tacos-opt tacos-run tacos-run-rank
bin=${TACOS_BUILD_DIR:-build}/bin
input=${1:-examples/allreduce.mlir}
ranks=${2:-8}
elements=${3:-1048576}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== synthesize, verify and report ($input)"
"$bin/tacos-opt" "$input" --coll-synthesize=trials=4 \
  --coll-verify --coll-report=baselines=true -o "$work/algorithms.mlir"
echo
echo "== run on $ranks MPI ranks, $elements elements of f32, checked element by element"
"$bin/tacos-run" "$work/algorithms.mlir" -np "$ranks" --dtype f32 \
  --elements "$elements" --iters 5
