// A k-port switch unwinds to k * (k - 1) links: the count is worked out on
// the switched model (2 links per port) before unwinding, and a network
// over the limit is refused with it.
// RUN: not tacos-opt %s -split-input-file --topo-unwind-switches -o /dev/null 2>&1 | FileCheck %s
// The pipeline unwinds first for exact (which needs point-to-point links),
// and refuses the same way.
// RUN: not tacos-opt %s -split-input-file --tacos-pipeline=algorithm=exact -o /dev/null 2>&1 | FileCheck %s

// switch(100000) would be 10^10 links (over 8 GB before this check).
// CHECK: topo-unwind-switches-limits.mlir:[[@LINE+1]]:1: error: network has 9999900000 directed links once its switches are unwound, more than the limit of 100000000
topo.network @huge {
  topo.dims [switch(100000) link(50 GBps, 1 us)]
}
coll.all_gather @ag on @huge size(1 MiB)

// -----

// 1001 * 1000 links: within what a network may have, more than the IR
// should spell out by default (as topo-expand's max-links).
// CHECK: topo-unwind-switches-limits.mlir:[[@LINE+1]]:1: error: network has 1001000 directed links once its switches are unwound, more than max-links=1000000 allows to unwind
topo.network @big {
  topo.dims [switch(1001) link(50 GBps, 1 us)]
}

// -----

// Each link is within the latency limit (1000 s); the route 0 -> leaf0 ->
// leaf1 -> 2 that one unwound link replaces is 1200 s, which no link may
// have.
// CHECK: topo-unwind-switches-limits.mlir:[[@LINE+1]]:1: error: the route from npu 0 to npu 2 through leaf0, leaf1 has latency 1200 s, above the limit of 1000 s for the link that replaces it
topo.network @slow {
  topo.npus 4
  topo.switch @leaf0 [0, 1, @leaf1] link(50 GBps, 400 s)
  topo.switch @leaf1 [2, 3] link(50 GBps, 400 s)
}
coll.all_gather @ag_slow on @slow size(1 MiB)
