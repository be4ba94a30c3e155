// examples/mi250-2x16.mlir: ForestColl's MI250 model parses, reads back
// from its expanded form, and its All-Gather has the throughput bound
// worked out below (switches as nodes, no unwinding).
// RUN: tacos-opt %examples/mi250-2x16.mlir --topo-summary -o /dev/null | FileCheck %s --check-prefix=SUMMARY
// RUN: tacos-opt %examples/mi250-2x16.mlir --topo-expand | tacos-opt --topo-summary -o /dev/null | FileCheck %s --check-prefix=SUMMARY
// RUN: tacos-opt %examples/mi250-2x16.mlir --coll-synthesize --coll-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=BOUND

// 32 GCDs with 7 xGMI links each (224 directed links) and an IB port each
// (64 more). 7 x 50 + 16 = 366 GBps per GCD.
// SUMMARY-LABEL: network @mi250_2x16
// SUMMARY-NEXT: NPUs 32
// SUMMARY-NEXT: switches 1
// SUMMARY-NEXT: directed links 288
// SUMMARY-NEXT: hop diameter 2
// SUMMARY: ingress per NPU 366 GBps

// All-Gather of 1 GiB (32 MiB per GCD). The worst set to feed is one
// package, the two GCDs joined by 4 links: they need the 30 x 32 MiB the
// others own, and what enters the pair is each GCD's 3 other xGMI links
// and its IB port, 2 x (3 x 50 + 16) = 332 GBps: 1006632960 B / 332e9 B/s
// = 3032.027 us. One GCD alone (31 x 32 MiB over 366 GBps) is 2842.042
// us; one node (512 MiB over 16 x 16 GBps) 2097.152 us. (ForestColl's own
// graph gives the same optimum.)
// BOUND-LABEL: algorithm @ag: all_gather, 32 NPUs
// BOUND: lower bound {{.*}} throughput 3032.027)
