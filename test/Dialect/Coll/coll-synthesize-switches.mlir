// TACOS on switches as nodes (docs/Algorithms.md, synthesis on switches):
// transfers between NPUs routed through switches (`via`), each holding
// every link of its path (cut-through), combining collectives by inversion
// on the transposed network, and a chunk entering a node once.
// RUN: tacos-opt %s --coll-synthesize=algorithm=tacos --coll-verify | FileCheck %s
// RUN: tacos-opt %s --coll-synthesize=algorithm=tacos --coll-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: tacos-opt %s --coll-synthesize=algorithm=tacos | FileCheck %s --check-prefix=INTO23
// RUN: tacos-opt %s --coll-synthesize=algorithm=tacos | FileCheck %s --check-prefix=INTO01
// RUN: not tacos-opt %s --coll-synthesize=algorithm=exact -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXACT

// EXACT: error: coll-synthesize: the network has switches; unwind them first (topo-unwind-switches)

// One switch, 1 MB chunks: a hop through it costs both ports' latency and
// 1 MB at the full port speed, 2 + 20 us, and every round is a
// permutation: 3 rounds (the unwound model gives each pair a third of a
// port: 3 rounds of 61 us).
topo.network @sw { topo.dims [switch(4) link(50 GBps, 1 us)] }
coll.all_gather @ag on @sw size(4 MB)
// CHECK-LABEL: coll.algorithm @ag all_gather on @sw size(4 MB) time(66 us) attributes {coll.verified}
// CHECK-COUNT-12: coll.transfer copy {{[0-9]}} over {{[0-9]}} -> {{[0-9]}} via @dim0_0 at
// CHECK-NEXT: }
// REPORT-LABEL: algorithm @ag:
// The discrete count charges a switch port no latency (a port may carry
// the 3 chunks at once, as the unwound model does), so it is the ingress
// bound here (docs/Reports.md).
// REPORT: lower bound  60.000 us  (ratio 1.1000; ingress 60.000, latency 22.000, discrete 60.000, cut n/a, path 0.000, occupancy 0.000, throughput 60.000)
// REPORT-NEXT: certificate  gap 1.1000 to the ingress lower bound (60.000 us)

// Reduce-Scatter: the All-Gather on the transposed network (which keeps
// the switch), time-reversed; each reduction runs through the switch.
coll.reduce_scatter @rs on @sw size(4 MB)
// CHECK-LABEL: coll.algorithm @rs reduce_scatter on @sw size(4 MB) time(66 us) attributes {coll.verified}
// CHECK-COUNT-12: coll.transfer reduce {{[0-9]}} over {{[0-9]}} -> {{[0-9]}} via @dim0_0 at
// CHECK-NEXT: }

// Two nodes of two GPUs joined by a fast link, all four on a slow switch
// (a small MI250-like shape): each of the four chunks enters the other
// node once, over the switch; within a node they take the direct link.
topo.network @nodes {
  topo.npus 4
  topo.link 0 <-> 1 link(50 GBps, 1 us)
  topo.link 2 <-> 3 link(50 GBps, 1 us)
  topo.switch @ib [0, 1, 2, 3] link(16 GBps, 1300 ns)
}
coll.all_gather @hier on @nodes size(4 MB) chunks(2)
// CHECK-LABEL: coll.algorithm @hier all_gather on @nodes
// CHECK-SAME: attributes {coll.verified}
// INTO23-LABEL: coll.algorithm @hier
// INTO23-COUNT-4: over {{[01]}} -> {{[23]}} via @ib at
// INTO23-NOT: over {{[01]}} -> {{[23]}}
// INTO23: }
// INTO01-LABEL: coll.algorithm @hier
// INTO01-COUNT-4: over {{[23]}} -> {{[01]}} via @ib at
// INTO01-NOT: over {{[23]}} -> {{[01]}}
// INTO01: }

// All-to-All, a group and a Broadcast on the same network.
coll.all_to_all @a2a on @nodes size(4 MB)
coll.all_gather @group on @nodes group [3, 0, 2] size(3 MB)
coll.broadcast @bc on @nodes root(1) size(4 MB) chunks(2)
// CHECK-LABEL: coll.algorithm @a2a all_to_all on @nodes
// CHECK-SAME: attributes {coll.verified}
// CHECK: via @ib
// CHECK-LABEL: coll.algorithm @group all_gather on @nodes group [3, 0, 2]
// CHECK-SAME: attributes {coll.verified}
// CHECK-LABEL: coll.algorithm @bc broadcast on @nodes root(1)
// CHECK-SAME: attributes {coll.verified}
// REPORT-LABEL: algorithm @bc:
// REPORT: certificate  gap {{[0-9.]+}} to the
