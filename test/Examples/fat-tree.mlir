// examples/fat-tree.mlir: the leaf-spine fat-tree parses, reads back from
// its expanded form, and its All-Gather has the throughput bound worked
// out below (switches as nodes, no unwinding).
// RUN: tacos-opt %examples/fat-tree.mlir --topo-summary -o /dev/null | FileCheck %s --check-prefix=SUMMARY
// RUN: tacos-opt %examples/fat-tree.mlir --topo-expand | tacos-opt --topo-summary -o /dev/null | FileCheck %s --check-prefix=SUMMARY
// RUN: tacos-opt %examples/fat-tree.mlir --coll-synthesize --coll-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=BOUND

// 32 GPU ports (64 links) and 4 leaves x 2 spines x 4 cables, each way
// (64 links between switches). GPU to GPU on another leaf: 4 hops.
// SUMMARY-LABEL: network @fat_tree
// SUMMARY-NEXT: NPUs 32
// SUMMARY-NEXT: switches 6
// SUMMARY-NEXT: switch-switch links 64
// SUMMARY-NEXT: directed links 128
// SUMMARY-NEXT: hop diameter 4
// SUMMARY: ingress per NPU 50 GBps

// All-Gather of 1 GiB (32 MiB per GPU). A GPU needs 31/32 GiB through its
// 50 GBps port: 1040187392 B / 50e9 B/s = 20803.748 us. Non-blocking: a
// leaf's 8 GPUs need the 24 x 32 MiB the other leaves own through its 8
// uplink cables (400 GBps), 2013.266 us, far less.
// BOUND-LABEL: algorithm @ag: all_gather, 32 NPUs
// BOUND: lower bound {{.*}} throughput 20803.748)
