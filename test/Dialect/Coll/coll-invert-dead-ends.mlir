// A copy that leads nowhere (chunk 0 back into its source npu 0 at the
// end) is dropped before inverting: inverted it would send npu 0's
// contribution away and count it twice. The Reduce-Scatter verifies.
// RUN: tacos-opt %s --coll-invert --coll-verify | FileCheck %s

// CHECK: coll.algorithm @ag reduce_scatter on @r3 {{.*}} attributes {coll.verified} {
// CHECK-NOT: reduce 0 over 0 -> 2
// CHECK: reduce 0 over 2 -> 1
// CHECK-NOT: reduce 0 over 0 -> 2
// CHECK: }
topo.network @r3 { topo.dims [ring(3) link(1 GBps, 1 us)] }
coll.algorithm @ag all_gather on @r3 size(3 KB) time(6 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 2000000]
  coll.transfer copy 0 over 1 -> 2 at [2000000, 4000000]
  coll.transfer copy 0 over 2 -> 0 at [4000000, 6000000]
  coll.transfer copy 1 over 1 -> 2 at [0, 2000000]
  coll.transfer copy 1 over 1 -> 0 at [0, 2000000]
  coll.transfer copy 2 over 2 -> 0 at [0, 2000000]
  coll.transfer copy 2 over 2 -> 1 at [0, 2000000]
}
