// RUN: tacos-opt %s -split-input-file --topo-allocate-bandwidth="report=%t.json" | FileCheck %s --check-prefix=IR
// RUN: tacos-opt %s -split-input-file --topo-allocate-bandwidth="report=-" -o /dev/null 2>&1 | FileCheck %s --check-prefix=JSON
// report=- keeps stdout for the IR alone:
// RUN: tacos-opt %s -split-input-file --topo-allocate-bandwidth="report=-" 2>/dev/null | tacos-opt -split-input-file -o /dev/null

// One collective and only a sum constraint: B_d = S a_d / sum(a) (docs/Algorithms.md, LIBRA).
// All-Reduce of 1 GiB over ring(4) then switch(8): a_0 = 2m 3/4 = 1.5m,
// a_1 = 2 (m/4) 7/8 = 0.4375m, so B = 300 * (1.5, 0.4375) / 1.9375.
// The ring spreads B_0 over its two links; the switch port carries B_1.
topo.network @net {
  topo.dims [ring(4) link(?, 1 us) tier(chip), switch(8) link(?, 2 us) tier(pod)]
  topo.price tier(chip) link(2)
  topo.price tier(pod) link(7.8) switch(18) nic(31.6)
  topo.constraint sum == 300 GBps
}
coll.workload @one on @net compute(1 ms) {
  coll.all_reduce size(1 GiB) dims [0, 1]
}
// IR:      topo.dims [ring(4) link(116.129032 GBps, 1 us) tier(chip), switch(8) link(67.741935 GBps, 2 us) tier(pod)]
// JSON:      "bandwidth_gbps": [
// JSON-NEXT:   232.2580645161{{[0-9]*}},
// JSON-NEXT:   67.741935483{{[0-9]*}}
// The optimum balances the All-Reduce's two dimensions: both bottleneck.
// JSON:          "bottleneck_dims": [
// JSON-NEXT:       0,
// JSON-NEXT:       1
// JSON-NEXT:     ],
// Cost: N sum_d u_d B_d = 32 (2 B_0 + (7.8 + 18 + 31.6) B_1).
// JSON:      "cost": 139292.903225806
// JSON:      "equal_bandwidth_gbps": [
// JSON-NEXT:   150,
// JSON-NEXT:   150
// Equal bandwidth takes 1 ms + 1.5 GiB / 150 GBps.
// JSON:      "equal_bandwidth_time_ns": 11737418.24,
// JSON:      "objective": "perf",
// JSON:      "speedup": 1.479273556{{[0-9]*}},
// JSON:      "time_ns": 7934582.61333{{[0-9]*}},

// -----

// Disjoint TP (dimension 0, 4x) and DP (dimensions 1 and 2) groups with a sum
// constraint: DP splits its share in proportion to its loads, the two shares
// go as the square roots of count x load. No prices: cost is null.
topo.network @tpdp {
  topo.dims [ring(4) link(?, 1 us), fully_connected(8) link(?, 1 us), switch(4) link(?, 1 us)]
  topo.constraint sum == 600 GBps
}
coll.workload @train on @tpdp compute(1 ms) {
  coll.all_reduce size(1 GiB) dims [0] count(4)
  coll.all_reduce size(2 GiB) dims [1, 2]
}
// IR:   topo.dims [ring(4) link(166.3305{{[0-9]+}} GBps, 1 us), fully_connected(8) link(34.49534{{[0-9]+}} GBps, 1 us), switch(4) link(25.87150{{[0-9]+}} GBps, 1 us)]
// JSON:      "bandwidth_gbps": [
// JSON-NEXT:   332.6610690{{[0-9]*}},
// JSON-NEXT:   241.4674215{{[0-9]*}},
// JSON-NEXT:   25.87150944{{[0-9]*}}
// JSON:      "cost": null,
// JSON:      "perf_per_cost_gain": null,
// JSON:      "time_ns": 35929986.1{{[0-9]*}},
// JSON:      "workloads": [
// JSON-NEXT:   "train"

// -----

// A dimension whose bandwidth is written is held fixed (here 2 x 100 GBps
// per NPU on the ring); the `?` dimension takes the rest of the sum.
topo.network @fixed {
  topo.dims [ring(4) link(100 GBps, 1 us), switch(8) link(?, 2 us)]
  topo.constraint sum == 500 GBps
}
coll.workload @w on @fixed compute(0 ns) {
  coll.all_reduce size(1 GiB) dims [0, 1]
}
// IR:   topo.dims [ring(4) link(100 GBps, 1 us), switch(8) link(300 GBps, 2 us)]
// JSON:      "bandwidth_gbps": [
// JSON-NEXT:   200,
// JSON-NEXT:   300

// -----

// Several workloads: their weighted sum of times is minimized. With one
// collective each on its own dimension, B_d goes as sqrt(weight x load):
// B_0 = 400 sqrt(3 x 1.5) / (sqrt(3 x 1.5) + sqrt(1.75)).
topo.network @shared {
  topo.dims [ring(4) link(?, 1 us), switch(8) link(?, 1 us)]
  topo.constraint sum == 400 GBps
}
coll.workload @heavy on @shared compute(1 ms) weight(3) {
  coll.all_reduce size(1 GiB) dims [0]
}
coll.workload @light on @shared compute(2 ms) {
  coll.all_reduce size(1 GiB) dims [1]
}
// JSON:      "bandwidth_gbps": [
// JSON-NEXT:   246.36464{{[0-9]*}},
// JSON-NEXT:   153.63535{{[0-9]*}}
// JSON:      "time_ns": 36843118.{{[0-9]*}},
// JSON:      "workloads": [
// JSON-NEXT:   "heavy",
// JSON-NEXT:   "light"

// -----

// Dimensions no collective uses get the least the constraints allow (here
// 50 GBps for dimension 1; dimension 2 gets none and stays `?`, with a
// warning), not wherever the solver happened to stop.
topo.network @idle {
  topo.dims [ring(4) link(?, 1 us), switch(8) link(?, 1 us), ring(2) link(?, 1 us)]
  topo.constraint bw(0) <= 100 GBps
  topo.constraint bw(1) >= 50 GBps
}
coll.workload @w on @idle compute(1 ms) { coll.all_reduce size(1 MiB) dims [0] }
// IR:   topo.dims [ring(4) link(50 GBps, 1 us), switch(8) link(50 GBps, 1 us), ring(2) link(?, 1 us)]
// JSON:      "bandwidth_gbps": [
// JSON-NEXT:   100,
// JSON-NEXT:   50,
// JSON-NEXT:   0

// -----

// What the report tells a network architect. B_0 is pinned; dimensions 1
// and 2 share the other 300 GBps: the All-to-All is bound by dimension 1
// and the All-Reduce on dimension 2 takes the rest, so
// B_1 = 300 sqrt(a_1) / (sqrt(a_1) + sqrt(c)) with a_1 = 0.75 x 64 MiB and
// c = 2 x 256 MiB x 7/8. The equal split (200 each) breaks bw(0) == 300
// GBps: the baseline is its projection onto the constraints, (300, 150,
// 150), which takes 2 ms + 2 x 1.5 GiB / 300 + 56 MiB / 150 + 448 MiB / 150.
topo.network @pinned {
  topo.dims [ring(4) link(?, 1 us), fully_connected(4) link(?, 1 us), switch(8) link(?, 1 us)]
  topo.constraint sum == 600 GBps
  topo.constraint bw(0) == 300 GBps
  topo.constraint bw(2) <= 250 GBps
}
coll.workload @w on @pinned compute(2 ms) {
  coll.all_reduce size(1 GiB) dims [0] count(2)
  coll.all_to_all size(64 MiB) dims [1, 2]
  coll.all_reduce size(256 MiB) dims [2]
}
// JSON:      "bandwidth_gbps": [
// JSON-NEXT:   300,
// JSON-NEXT:   73.981816678{{[0-9]*}},
// JSON-NEXT:   226.01818332{{[0-9]*}}
// JSON-NEXT: ],
// Only the sum and bw(0) bind, not bw(2) <= 250 GBps.
// JSON-NEXT: "binding_constraints": [
// JSON-NEXT:   "`topo.constraint sum == 600 GBps`",
// JSON-NEXT:   "`topo.constraint bw(0) == 300 GBps`"
// JSON-NEXT: ],
// JSON-NEXT: "collectives": [
// JSON-NEXT:   {
// JSON-NEXT:     "bottleneck_dims": [
// JSON-NEXT:       0
// JSON-NEXT:     ],
// JSON:          "kind": "all_reduce",
// JSON:          "time_ns": 5368709.12{{[0-9]*}},
// JSON:          "bottleneck_dims": [
// JSON-NEXT:       1
// JSON-NEXT:     ],
// JSON:          "kind": "all_to_all",
// JSON-NEXT:     "load_bytes": [
// JSON-NEXT:       0,
// JSON-NEXT:       50331648,
// JSON-NEXT:       58720256
// JSON-NEXT:     ],
// JSON:          "bottleneck_dims": [
// JSON-NEXT:       2
// JSON-NEXT:     ],
// JSON:          "kind": "all_reduce",
// JSON:      "communication_time_ns": 13496168.72{{[0-9]*}},
// JSON-NEXT: "compute_time_ns": 2000000,
// JSON-NEXT: "cost": null,
// JSON:      "equal_bandwidth_gbps": [
// JSON-NEXT:   300,
// JSON-NEXT:   {{149.99999[0-9]*|150(.0000[0-9]*)?}},
// JSON-NEXT:   {{149.99999[0-9]*|150(.0000[0-9]*)?}}
// JSON-NEXT: ],
// JSON-NEXT: "equal_bandwidth_projected": true,
// JSON-NEXT: "equal_bandwidth_time_ns": 16260633.6{{[0-9]*}},
// The fully connected dimension spreads B_1 over 3 links, the ring B_0
// over 2.
// JSON-NEXT: "link_bandwidth_gbps": [
// JSON-NEXT:   150,
// JSON-NEXT:   24.6606055{{[0-9]*}},
// JSON-NEXT:   226.01818332{{[0-9]*}}
// JSON:      "speedup": 1.04933250{{[0-9]*}},
// JSON-NEXT: "time_ns": 15496168.72{{[0-9]*}},
// JSON-NEXT: "units": {
// JSON-NEXT:   "bandwidth_gbps": "GB/s per NPU (1 GB = 1e9 bytes), per dimension",
// JSON-NEXT:   "collectives": "LIBRA's analytic model at bandwidth_gbps: time_ns per instance, load_bytes per dimension",
// JSON-NEXT:   "cost": "dollars: NPUs x sum_d price_d (topo.price, $ per GB/s) x bandwidth_gbps_d",
