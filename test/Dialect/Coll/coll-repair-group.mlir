// coll-repair on combining collectives over a group (issue 25): the duals
// relay through NPUs outside the group, and a relay whose next hop was the
// dropped link leads nowhere; it is lost with the link (here every old
// transfer of @rs), so the inverted reduction has no reduce from an NPU
// that holds nothing. Each repair verifies.
// RUN: tacos-opt %s --coll-synthesize=algorithm=tacos --coll-repair=drop=0-1 --coll-verify 2>&1 | FileCheck %s

// CHECK: remark: coll-repair: @rs: kept 0 of 4 transfers, added 4 for 2 lost deliveries
// CHECK-SAME: after dropping 0 <-> 1
// CHECK: remark: coll-repair: @r: kept 0 of 2 transfers, added 2 for 1 lost deliveries
// CHECK-SAME: after dropping 0 -> 1
// CHECK: remark: coll-repair: @ar: kept
// CHECK-SAME: after dropping 0 <-> 1
// CHECK-NOT: error
// CHECK: coll.algorithm @rs reduce_scatter on @net group [0, 2] {{.*}} attributes {coll.verified}
// CHECK-NOT: over 1 ->
// CHECK: coll.algorithm @r reduce on @net {{.*}} attributes {coll.verified}
// CHECK-NOT: over 1 ->
// CHECK: coll.algorithm @ar all_reduce on @net {{.*}} attributes {coll.verified}
// CHECK-NOT: over 1 ->
// CHECK-NOT: over 0 -> 1
topo.network @net { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.reduce_scatter @rs on @net group [0, 2] size(1 MiB)
coll.reduce @r on @net root(2) group [0, 2] size(1 MiB)
coll.all_reduce @ar on @net group [0, 2] size(1 MiB) chunks(2)
