// examples/a100-2x8.mlir: ForestColl's A100 model parses, reads back from
// its expanded form, and its All-Gather has the throughput bound worked
// out below, synthesized with the switches as nodes (no unwinding).
// RUN: tacos-opt %examples/a100-2x8.mlir --topo-summary -o /dev/null | FileCheck %s --check-prefix=SUMMARY
// RUN: tacos-opt %examples/a100-2x8.mlir --topo-expand | tacos-opt --topo-summary -o /dev/null | FileCheck %s --check-prefix=SUMMARY
// RUN: tacos-opt %examples/a100-2x8.mlir --coll-synthesize --coll-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=BOUND

// 16 GPUs; 2 NVSwitches and 2 IB switches; a link each way per port: 2 x
// (16 + 16). Every GPU: 300 + 25 GBps in and out.
// SUMMARY-LABEL: network @a100_2x8
// SUMMARY-NEXT: NPUs 16
// SUMMARY-NEXT: switches 4
// SUMMARY-NEXT: directed links 64
// SUMMARY-NEXT: hop diameter 4
// SUMMARY: ingress per NPU 325 GBps
// SUMMARY-NEXT: egress per NPU 325 GBps

// All-Gather of 1 GiB (64 MiB per GPU). A GPU needs 15/16 GiB through
// 325 GBps: 1006632960 B / 325e9 B/s = 3097.332 us. A node needs the other
// node's 512 MiB through its 8 NIC ports (200 GBps): 2684.355 us, less.
// (ForestColl's own graph, NIC nodes and all, gives the same optimum.)
// BOUND-LABEL: algorithm @ag: all_gather, 16 NPUs
// BOUND: lower bound {{.*}} throughput 3097.332)
