// RUN: tacos-opt %s --topo-unwind-switches | FileCheck %s
// Unwinding writes the network anew, which renumbers the lanes of explicit
// parallel links (docs/Algorithms.md, switch unwinding): per pair u < v,
// u -> v's links in lane order, the i-th as `u <-> v` when v -> u's i-th
// has the same spec, then v -> u's others. 1 -> 0's 10 GBps link is lane 0
// here and lane 2 after (the 50 GBps link, then the switch's); 0 -> 1 keeps
// its lanes.

// CHECK-LABEL: topo.network @lanes
// CHECK-NEXT: topo.npus 3
// CHECK-NEXT: topo.link 0 -> 1 link(25 GBps, 1 us)
// CHECK-NEXT: topo.link 0 <-> 1 link(50 GBps, 1 us) parallel
// CHECK-NEXT: topo.link 0 <-> 1 link(50 GBps, 1 us) parallel {via = "sw"}
// CHECK-NEXT: topo.link 0 <-> 2 link(50 GBps, 1 us) {via = "sw"}
// CHECK-NEXT: topo.link 1 -> 0 link(10 GBps, 1 us) parallel
// CHECK-NEXT: topo.link 1 <-> 2 link(50 GBps, 1 us) {via = "sw"}
topo.network @lanes {
  topo.npus 3
  topo.link 0 -> 1 link(25 GBps, 1 us)
  topo.link 1 -> 0 link(10 GBps, 1 us)
  topo.link 0 <-> 1 link(50 GBps, 1 us) parallel
  topo.switch @sw [0, 1, 2] link(100 GBps, 0.5 us)
}
