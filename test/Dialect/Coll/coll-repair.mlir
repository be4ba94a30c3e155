// coll-repair keeps what a failed link does not break, routes the rest, and
// the result verifies (docs/Algorithms.md, repair).
// The network carries the new drop (written after synthesis):
// RUN: tacos-opt %s --coll-repair --coll-verify 2>&1 | FileCheck %s
// drop= picks the network of the algorithms, so they must share one:
// RUN: not tacos-opt %s --coll-repair=drop=2-3 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: error: coll-repair: drop= needs every algorithm on one network; found @ring4 and @pair

// An All-Gather synthesized on the intact ring(4), whose link 0 <-> 1 then
// failed: chunk 0 went 0 -> 1 -> 2, so both its transfers are lost, with
// chunk 1's 1 -> 0, chunk 3's 0 -> 1 and chunk 2's 1 -> 0 (after 2 -> 1).
// What exact synthesis proved of it no longer holds and is dropped.
topo.network @ring4 {
  topo.dims [ring(4) link(1 GBps, 1 us)]
  topo.drop 0 <-> 1
}
coll.algorithm @ag all_gather on @ring4 size(4 KB) time(4 us) attributes {coll.exact_infeasible_time = 3000000 : i64, coll.exact_optimal = true, coll.exact_proof = "no schedule finishes by 3 us (Z3)"} {
  coll.transfer copy 1 over 1 -> 0 at [0, 2000000]
  coll.transfer copy 3 over 3 -> 0 at [0, 2000000]
  coll.transfer copy 0 over 0 -> 1 at [0, 2000000]
  coll.transfer copy 2 over 2 -> 1 at [0, 2000000]
  coll.transfer copy 1 over 1 -> 2 at [0, 2000000]
  coll.transfer copy 3 over 3 -> 2 at [0, 2000000]
  coll.transfer copy 0 over 0 -> 3 at [0, 2000000]
  coll.transfer copy 2 over 2 -> 3 at [0, 2000000]
  coll.transfer copy 2 over 1 -> 0 at [2000000, 4000000]
  coll.transfer copy 3 over 0 -> 1 at [2000000, 4000000]
  coll.transfer copy 0 over 1 -> 2 at [2000000, 4000000]
  coll.transfer copy 1 over 0 -> 3 at [2000000, 4000000]
}

// An algorithm that uses no failed link is left alone.
topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
coll.algorithm @untouched all_gather on @pair size(2 MB) time(21 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
  coll.transfer copy 1 over 1 -> 0 at [0, 21000000]
}

// CHECK: remark: coll-repair: @ag: kept 6 of 12 transfers, added 6 for 6 lost deliveries; time 4000000 ps -> 6000000 ps after dropping 0 <-> 1
// CHECK-NOT: remark: coll-repair: @untouched
// CHECK-LABEL: coll.algorithm @ag all_gather on @ring4 size(4 KB) time(6 us) attributes {coll.verified} {
// Kept with their times:
// CHECK-DAG: coll.transfer copy 3 over 3 -> 0 at [0, 2000000]
// CHECK-DAG: coll.transfer copy 2 over 2 -> 1 at [0, 2000000]
// CHECK-DAG: coll.transfer copy 1 over 1 -> 2 at [0, 2000000]
// CHECK-DAG: coll.transfer copy 3 over 3 -> 2 at [0, 2000000]
// CHECK-DAG: coll.transfer copy 0 over 0 -> 3 at [0, 2000000]
// CHECK-DAG: coll.transfer copy 2 over 2 -> 3 at [0, 2000000]
// Routed the long way round:
// CHECK-DAG: coll.transfer copy 0 over 3 -> 2 at [2000000, 4000000]
// CHECK-DAG: coll.transfer copy 0 over 2 -> 1 at [4000000, 6000000]
// CHECK-DAG: coll.transfer copy 1 over 2 -> 3 at [2000000, 4000000]
// CHECK-DAG: coll.transfer copy 1 over 3 -> 0 at [4000000, 6000000]
// CHECK-DAG: coll.transfer copy 2 over 3 -> 0 at [2000000, 4000000]
// CHECK-DAG: coll.transfer copy 3 over 2 -> 1 at [2000000, 4000000]
// CHECK-NOT: over 0 -> 1
// CHECK-NOT: over 1 -> 0
// CHECK: coll.algorithm @untouched all_gather on @pair size(2 MB) time(21 us) attributes {coll.verified} {

