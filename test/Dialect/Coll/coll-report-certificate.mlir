// Optimality certificates (issue 17; docs/Reports.md, Certificates): a time
// equal to the best lower bound is optimal under the link model, and the
// report says which bound proves it; otherwise it gives the gap to that
// bound. Only a time the report verified itself is certified.
// RUN: tacos-opt %s --coll-synthesize=trials=20 --coll-report -o /dev/null 2>&1 | FileCheck %s
// RUN: tacos-opt %s --coll-synthesize=trials=20 --coll-report="format=json output=-" -o /dev/null | FileCheck %s --check-prefix=JSON
// RUN: tacos-opt %s --coll-synthesize=materialize=none --coll-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE

// NVIDIA DGX-1 (examples/networks.mlir).
topo.network @dgx1 {
  topo.npus 8
  topo.link 0 <-> 1 link(25 GBps, 0.3 us)
  topo.link 0 <-> 1 link(25 GBps, 0.3 us) parallel
  topo.link 0 <-> 2 link(25 GBps, 0.3 us)
  topo.link 0 <-> 3 link(25 GBps, 0.3 us)
  topo.link 0 <-> 4 link(25 GBps, 0.3 us)
  topo.link 0 <-> 4 link(25 GBps, 0.3 us) parallel
  topo.link 1 <-> 2 link(25 GBps, 0.3 us)
  topo.link 1 <-> 3 link(25 GBps, 0.3 us)
  topo.link 1 <-> 3 link(25 GBps, 0.3 us) parallel
  topo.link 1 <-> 5 link(25 GBps, 0.3 us)
  topo.link 2 <-> 3 link(25 GBps, 0.3 us)
  topo.link 2 <-> 3 link(25 GBps, 0.3 us) parallel
  topo.link 2 <-> 6 link(25 GBps, 0.3 us)
  topo.link 2 <-> 6 link(25 GBps, 0.3 us) parallel
  topo.link 3 <-> 7 link(25 GBps, 0.3 us)
  topo.link 4 <-> 5 link(25 GBps, 0.3 us)
  topo.link 4 <-> 5 link(25 GBps, 0.3 us) parallel
  topo.link 4 <-> 6 link(25 GBps, 0.3 us)
  topo.link 4 <-> 7 link(25 GBps, 0.3 us)
  topo.link 5 <-> 6 link(25 GBps, 0.3 us)
  topo.link 5 <-> 7 link(25 GBps, 0.3 us)
  topo.link 5 <-> 7 link(25 GBps, 0.3 us) parallel
  topo.link 6 <-> 7 link(25 GBps, 0.3 us)
  topo.link 6 <-> 7 link(25 GBps, 0.3 us) parallel
}
topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }

// 48 MB in 6 chunks per NPU: TACOS's 282.1 us is the discrete bound (an
// NPU's in-links cannot finish the 42 chunks it needs earlier), so no
// schedule of these chunks is faster under the link model.
coll.all_gather @ag on @dgx1 size(48 MB) chunks(6)
// CHECK-LABEL: algorithm @ag: all_gather, 8 NPUs, 48 chunks of 1000000 B (48 MB)
// CHECK-NEXT: time 282.100 us
// CHECK-NEXT: lower bound 282.100 us (ratio 1.0000;
// CHECK-NEXT: certificate optimal: equals the discrete lower bound (282.100 us)

// The All-Reduce is a third above its volume bound (the two phases'
// transfers spread over every link): not proved optimal. Its throughput
// bound is the same count without latency or whole chunks (2 * 7 * 48 MB
// over the links' 1200 GB/s).
coll.all_reduce @ar on @dgx1 size(48 MB)
// CHECK-LABEL: algorithm @ar: all_reduce, 8 NPUs, 8 chunks of 6000000 B (48 MB)
// CHECK-NEXT: time 961.200 us
// CHECK-NEXT: lower bound 720.900 us (ratio 1.3333; {{.*}}, volume 720.900, throughput 560.000)
// CHECK-NEXT: certificate gap 1.3333 to the volume lower bound (720.900 us)

// TACOS's 2D mesh (examples/networks.mlir): the time, 9.606 ms + 12 ps, is
// 216 ps above the discrete bound (9605.999796 us). Four decimals would
// read 1.0000, as if optimal: the gap is given as the time it is, and the
// ratio with as many digits as it takes.
topo.network @mesh5x5 {
  topo.dims [line(5) link(50 GiBps, 0.5 us), line(5) link(50 GiBps, 0.5 us)]
}
coll.all_gather @ag_mesh on @mesh5x5 size(1 GiB)
// CHECK-LABEL: algorithm @ag_mesh: all_gather, 25 NPUs
// CHECK-NEXT: time 9606.000 us
// CHECK-NEXT: lower bound 9606.000 us (ratio 1.00000002;
// CHECK-NEXT: certificate gap 216 ps (ratio 1.00000002) to the discrete lower bound (9606.000 us)

// Written by hand: both chunks cross at once, 1 us + 8 B at 50 GBps. The
// report verifies it, so its time is certified like a synthesized one.
coll.algorithm @by_hand all_gather on @pair size(16 B) time(1.00016 us) {
  coll.transfer copy 1 over 1 -> 0 at [0, 1000160]
  coll.transfer copy 0 over 0 -> 1 at [0, 1000160]
}
// CHECK-LABEL: algorithm @by_hand:
// CHECK: certificate optimal: equals the latency lower bound (1.000 us)

// Claims the bound's time (and coll.verified), but its chunks go one after
// the other: the time is wrong, the report says so and certifies nothing.
coll.algorithm @claims all_gather on @pair size(16 B) time(1.00016 us) attributes {coll.verified} {
  coll.transfer copy 1 over 1 -> 0 at [0, 1000160]
  coll.transfer copy 0 over 0 -> 1 at [1000160, 2000320]
}
// CHECK-LABEL: algorithm @claims:
// CHECK-NEXT: time 1.000 us
// CHECK-NEXT: lower bound 1.000 us (ratio 1.0000;
// CHECK-NEXT: certificate none: the time is not verified
// CHECK-NEXT: transfers 2 (invalid: time:

// JSON: "certificate": {
// JSON-NEXT: "bound": "discrete",
// JSON-NEXT: "bound_us": 282.10000000000002,
// JSON-NEXT: "gap": 1,
// JSON-NEXT: "optimal": true
// JSON-NEXT: },
// JSON: "name": "ag"
// JSON: "best_bound": "volume"
// JSON: "certificate": {
// JSON-NEXT: "bound": "volume",
// JSON-NEXT: "bound_us": 720.89999999999998,
// JSON-NEXT: "gap": 1.3333
// JSON-NEXT: "optimal": false
// JSON-NEXT: },
// JSON: "volume": 720.89999999999998
// JSON: "name": "ar"
// JSON: "certificate": {
// JSON-NEXT: "bound": "discrete",
// JSON-NEXT: "bound_us": 9605.999796
// JSON-NEXT: "gap": 1.00000002248
// JSON-NEXT: "optimal": false
// JSON: "name": "ag_mesh"
// JSON: "certificate": {
// JSON-NEXT: "bound": "latency",
// JSON: "optimal": true
// JSON: "name": "by_hand"
// JSON: "certificate": null,
// JSON: "name": "claims"
// JSON: "verified": false

// Not materialized: there is nothing to verify the time against.
// NONE-LABEL: algorithm @ag:
// NONE: certificate none: the time is not verified
// NONE-NEXT: transfers {{[0-9]+}} (not checked: transfers not materialized)
