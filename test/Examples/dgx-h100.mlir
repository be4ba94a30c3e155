// examples/dgx-h100.mlir: DGX H100 clusters of 2, 4 and 16 nodes parse,
// read back from their expanded form, and their All-Gathers have the
// throughput bounds worked out below (switches as nodes, no unwinding).
// RUN: tacos-opt %examples/dgx-h100.mlir --topo-summary -o /dev/null | FileCheck %s --check-prefix=SUMMARY
// RUN: tacos-opt %examples/dgx-h100.mlir --topo-expand | tacos-opt --topo-summary -o /dev/null | FileCheck %s --check-prefix=SUMMARY
// RUN: tacos-opt %examples/dgx-h100.mlir --coll-synthesize --coll-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=BOUND

// n nodes: 8n GPUs, n NVSwitches and 8 rails, 2 links per GPU per switch.
// Every GPU: 450 + 50 GBps.
// SUMMARY-LABEL: network @dgx_h100_2
// SUMMARY-NEXT: NPUs 16
// SUMMARY-NEXT: switches 10
// SUMMARY-NEXT: directed links 64
// SUMMARY: ingress per NPU 500 GBps
// SUMMARY-LABEL: network @dgx_h100_4
// SUMMARY-NEXT: NPUs 32
// SUMMARY-NEXT: switches 12
// SUMMARY-NEXT: directed links 128
// SUMMARY-LABEL: network @dgx_h100_16
// SUMMARY-NEXT: NPUs 128
// SUMMARY-NEXT: switches 24
// SUMMARY-NEXT: directed links 512
// SUMMARY-NEXT: hop diameter 4
// SUMMARY: ingress per NPU 500 GBps

// All-Gather of 1 GiB on n nodes: the larger of a GPU's ingress,
// (8n - 1)/(8n) GiB over 500 GBps, and a node's, the (n - 1)/n GiB the
// other nodes own over its 8 rail ports (400 GBps):
// - n = 2: GPU 15/16 GiB / 500e9 = 2013.266 us; node 1/2 GiB / 400e9 =
//   1342.177 us;
// - n = 4: GPU 31/32 GiB / 500e9 = 2080.375 us; node 3/4 GiB / 400e9 =
//   2013.266 us;
// - n = 16: GPU 127/128 GiB / 500e9 = 2130.706 us; node 15/16 GiB / 400e9
//   = 2516.582 us. The rails bind from 5 nodes on: (n - 1)/n / 400 >
//   (8n - 1)/(8n) / 500 when 8n > 36.
// BOUND-LABEL: algorithm @ag2: all_gather, 16 NPUs
// BOUND: lower bound {{.*}} throughput 2013.266)
// BOUND-LABEL: algorithm @ag4: all_gather, 32 NPUs
// BOUND: lower bound {{.*}} throughput 2080.375)
// BOUND-LABEL: algorithm @ag16: all_gather, 128 NPUs
// BOUND: lower bound {{.*}} throughput 2516.582)
