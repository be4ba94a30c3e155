// RUN: tacos-opt %s --topo-unwind-switches --coll-synthesize --coll-report -o /dev/null 2>&1 | FileCheck %s
// RUN: tacos-opt %s --topo-unwind-switches --coll-synthesize --coll-report="format=json output=-" -o /dev/null | FileCheck %s --check-prefix=JSON
// Without the switch records (an unwound network written by hand), there
// is no hardware to certify against.
// RUN: tacos-opt %s --topo-unwind-switches | sed '/unwound$/d' | tacos-opt --coll-synthesize --coll-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARE

// Two nodes of 8 GPUs on NVSwitch, one NIC per GPU on rail switches (the
// shape of ForestColl's A100 model). On the unwound model the All-Gather
// meets that model's path bound, which used to be certified optimal; the
// hardware (switches as nodes, a chain through a switch at full port
// speed) allows 3097.332 us, so the certificate is the gap to that.
topo.network @a100 { topo.dims [switch(8) link(300 GBps, 1 us), switch(2) link(25 GBps, 2 us)] }
coll.all_gather @ag on @a100 size(1 GiB)

// CHECK-LABEL: algorithm @ag:
// CHECK: lower bound 4256.228 us (ratio 1.0000; {{.*}}, throughput 3097.332)
// CHECK-NEXT: network switches unwound (the TACOS paper's model): the bounds above hold for it only; hardware throughput 3097.332 us
// CHECK-NEXT: certificate gap 1.3742 to the throughput lower bound (3097.332 us) of the hardware
// CHECK-NOT: optimal

// JSON: "certificate": {
// JSON-NEXT: "bound": "throughput",
// JSON-NEXT: "bound_us": 3097.33
// JSON: "optimal": false
// JSON: "hardware_throughput_bound_us": 3097.33
// JSON: "unwound": true

// BARE: lower bound 4256.228 us
// BARE-NEXT: network switches unwound (the TACOS paper's model): the bounds above hold for it only; hardware throughput n/a (no record of the switches)
// BARE-NEXT: certificate none: no bound of the hardware
