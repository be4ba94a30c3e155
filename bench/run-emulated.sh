#!/usr/bin/env bash
# Issue 27's benchmark: tacos's and the ring's All-Reduce and All-Gather
# (16 MiB f32) beside Open MPI's own collective on emulated clusters
# (tacos-run --emulate, docs/Emulation.md): a 2x4 torus, a 4x4 torus, an
# 8-ring and two switches of four hosts (fast ports, a slow inter-switch
# link), every link direction at --scale Mbit/s at most. Every result is
# checked element by element; tacos-run prints measured and predicted
# times. Not a test: figures go to bench/README.md with `uptime`, as the
# machine is shared. Needs root.
# Usage: bench/run-emulated.sh [BUILD_DIR] [NETWORK...] (default build and
# all four: torus2x4 torus4x4 ring8 hier2x4). ITERS (default 3), SCALE
# (default 100), MIB (default 16).
set -euo pipefail
BUILD=${1:-build}
shift || true
NETWORKS=${*:-torus2x4 torus4x4 ring8 hier2x4}
BIN=$BUILD/bin
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
ITERS=${ITERS:-3}
SCALE=${SCALE:-100}
MIB=${MIB:-16}
ELEMENTS=$((MIB * 1024 * 1024 / 4))

network() {
  case $1 in
  torus2x4) echo "topo.network @torus2x4 { topo.dims [ring(2) link(50 GBps, 1 us), ring(4) link(50 GBps, 1 us)] }" ;;
  torus4x4) echo "topo.network @torus4x4 { topo.dims [ring(4) link(50 GBps, 1 us), ring(4) link(50 GBps, 1 us)] }" ;;
  ring8) echo "topo.network @ring8 { topo.dims [ring(8) link(50 GBps, 1 us)] }" ;;
  hier2x4) cat <<MLIR
topo.network @hier2x4 {
  topo.npus 8
  topo.switch @node0 [0, 1, 2, 3] link(50 GBps, 0.5 us)
  topo.switch @node1 [4, 5, 6, 7] link(50 GBps, 0.5 us)
  topo.link @node0 <-> @node1 link(12.5 GBps, 2 us)
}
MLIR
    ;;
  esac
}

for net in $NETWORKS; do
  npus=$(case $net in torus4x4) echo 16 ;; *) echo 8 ;; esac)
  for algorithm in tacos ring; do
    { network "$net"
      echo "coll.all_reduce @ar_$algorithm on @$net size($MIB MiB)"
      echo "coll.all_gather @ag_$algorithm on @$net size($MIB MiB)"
    } >"$WORK/$net-$algorithm.mlir"
    echo "## $net, $algorithm, $(uptime)"
    "$BIN/tacos-run" "$WORK/$net-$algorithm.mlir" -np "$npus" --emulate \
      --scale "$SCALE" --synthesize "$algorithm" --elements "$ELEMENTS" \
      --iters "$ITERS" | grep -v -e '^npu' -e '^@[a-z0-9_]* *->' || true
  done
done
