// examples/tpu-torus.mlir: the 4 x 4 x 4 torus parses, reads back from its
// expanded form, and its All-Gather has the throughput bound worked out
// below. No switches: synthesis runs on the network itself.
// RUN: tacos-opt %examples/tpu-torus.mlir --topo-summary -o /dev/null | FileCheck %s --check-prefix=SUMMARY
// RUN: tacos-opt %examples/tpu-torus.mlir --topo-expand | tacos-opt --topo-summary -o /dev/null | FileCheck %s --check-prefix=SUMMARY
// RUN: tacos-opt %examples/tpu-torus.mlir --coll-synthesize --coll-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=BOUND

// 64 chips x 6 links; 2 + 2 + 2 hops across.
// SUMMARY-LABEL: network @tpu_torus
// SUMMARY-NEXT: NPUs 64
// SUMMARY-NEXT: directed links 384
// SUMMARY-NEXT: hop diameter 6
// SUMMARY: ingress per NPU 300 GBps

// All-Gather of 1 GiB (16 MiB per chip). A chip needs 63/64 GiB through
// its 6 x 50 GBps: 1056964608 B / 300e9 B/s = 3523.215 us. Half the torus
// (32 chips) is cut from the other half by 2 x 16 links each way, 1600
// GBps for 512 MiB: 335.544 us.
// BOUND-LABEL: algorithm @ag: all_gather, 64 NPUs
// BOUND: throughput 3523.215)
