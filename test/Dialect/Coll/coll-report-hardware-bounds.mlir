// RUN: tacos-opt %s --topo-unwind-switches --coll-synthesize --coll-report -o /dev/null 2>&1 | FileCheck %s

// The hardware's throughput bounds of All-Reduce and All-to-All on two
// nodes of 8 GPUs (NVSwitch 300 GB/s per GPU, one 25 GB/s NIC per GPU on
// rail switches), switches as nodes (ThroughputBound.h, docs/Reports.md).

topo.network @a100 { topo.dims [switch(8) link(300 GBps, 1 us), switch(2) link(25 GBps, 2 us)] }

// All-Reduce of 1 GiB: no switch reduces, so every one of the 16 GPUs'
// shares takes 2 * 15 transfers, each leaving one GPU: 30 GiB over the
// GPUs' 16 x 325 GB/s = 6194.664 us, twice the larger phase's bound
// (3097.332 us) and above the whole buffer crossing the 200 GB/s between
// the nodes (5368.709 us).
coll.all_reduce @ar on @a100 size(1 GiB)
// CHECK-LABEL: algorithm @ar:
// CHECK: network switches unwound (the TACOS paper's model): the bounds above hold for it only; hardware throughput 6194.664 us
// CHECK-NEXT: certificate gap {{.*}} to the throughput lower bound (6194.664 us) of the hardware

// All-to-All of 1 GiB: the concurrent-flow LP, whose optimum here is the
// cut between the nodes: 8 x 8 x 64 MiB over 200 GB/s = 21474.836 us.
coll.all_to_all @a2a on @a100 size(1 GiB)
// CHECK-LABEL: algorithm @a2a:
// CHECK: network switches unwound (the TACOS paper's model): the bounds above hold for it only; hardware throughput 21474.836 us
// CHECK-NEXT: certificate gap {{.*}} to the throughput lower bound (21474.836 us) of the hardware
