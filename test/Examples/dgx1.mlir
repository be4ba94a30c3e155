// The DGX-1 of examples/networks.mlir (with the sources of its figures):
// its All-Gather has the throughput bound worked out below. The network is
// taken out of the file with sed, so the request here runs on it alone.
// RUN: sed -n '/^topo.network @dgx1 {/,/^}/p' %examples/networks.mlir > %t.mlir
// RUN: echo 'coll.all_gather @ag on @dgx1 size(1 GiB)' >> %t.mlir
// RUN: tacos-opt %t.mlir --topo-summary -o /dev/null | FileCheck %s --check-prefix=SUMMARY
// RUN: tacos-opt %t.mlir --coll-synthesize --coll-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=BOUND

// 8 GPUs, 24 NVLinks each way (the 48 directed links), 6 per GPU.
// SUMMARY-LABEL: network @dgx1
// SUMMARY-NEXT: NPUs 8
// SUMMARY-NEXT: directed links 48
// SUMMARY: ingress per NPU 150 GBps

// All-Gather of 1 GiB (128 MiB per GPU): a GPU needs 7/8 GiB through its 6
// NVLinks (150 GBps), 939524096 B / 150e9 B/s = 6263.494 us: SCCL's 7/6
// rounds per chunk. Either quad of the cube-mesh is cut from the other by
// 6 links each way (0-4 and 2-6 doubled, 1-5 and 3-7 single), 150 GBps for
// 512 MiB: 3579.139 us.
// BOUND-LABEL: algorithm @ag: all_gather, 8 NPUs
// BOUND: throughput 6263.494)
