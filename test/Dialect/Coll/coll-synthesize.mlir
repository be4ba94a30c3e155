// RUN: tacos-opt %s --coll-synthesize=algorithm=tacos | FileCheck %s
// Same seed, same bytes:
// RUN: tacos-opt %s --coll-synthesize="algorithm=tacos seed=7" > %t.a
// RUN: tacos-opt %s --coll-synthesize="algorithm=tacos seed=7" > %t.b
// RUN: diff %t.a %t.b
// Every algorithm is a valid, round-tripping algorithm:
// RUN: tacos-opt %s --coll-synthesize=algorithm=tacos | tacos-opt | FileCheck %s
// RUN: tacos-opt %s --coll-synthesize=algorithm=ring | FileCheck %s --check-prefix=RING
// RUN: tacos-opt %s --coll-synthesize="algorithm=tacos materialize=packed" | FileCheck %s --check-prefix=PACKED
// RUN: tacos-opt %s --coll-synthesize="algorithm=tacos materialize=none" | FileCheck %s --check-prefix=NONE

topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
topo.network @line3 { topo.dims [line(3) link(50 GBps, 1 us)] }

// Two NPUs swap their chunk: one hop of 1 MB at 50 GBps + 1 us = 21 us.
// CHECK-LABEL: coll.algorithm @ag all_gather on @pair size(2 MB) time(21 us) {
// CHECK-NEXT: coll.transfer copy {{[01]}} over {{[01]}} -> {{[01]}} at [0, 21000000]
// CHECK-NEXT: coll.transfer copy {{[01]}} over {{[01]}} -> {{[01]}} at [0, 21000000]
// CHECK-NEXT: }
coll.all_gather @ag on @pair size(2 MB)

// On ring(4) each NPU needs 3 chunks over 2 in-links: 2 rounds of 21 us.
// CHECK-LABEL: coll.algorithm @ag4 all_gather on @ring4 size(4 MB) time(42 us) {
// CHECK-COUNT-12: coll.transfer copy
// CHECK-NEXT: }
// RING-LABEL: coll.algorithm @ag4 all_gather on @ring4 size(4 MB) time(63 us)
coll.all_gather @ag4 on @ring4 size(4 MB)

// A broadcast from the end of a line pipelines its 2 chunks: 3 hop times.
// CHECK-LABEL: coll.algorithm @bc broadcast on @line3 root(0) size(2 MB) chunks(2) time(63 us) {
// CHECK-NEXT: coll.transfer copy [[FIRST:[01]]] over 0 -> 1 at [0, 21000000]
// CHECK-DAG: coll.transfer copy [[FIRST]] over 1 -> 2 at [21000000, 42000000]
// CHECK-DAG: coll.transfer copy {{[01]}} over 0 -> 1 at [21000000, 42000000]
// CHECK: coll.transfer copy {{[01]}} over 1 -> 2 at [42000000, 63000000]
coll.broadcast @bc on @line3 root(0) size(2 MB) chunks(2)

// Scatter on a group forwards through NPU 1, which is not a member.
// CHECK-LABEL: coll.algorithm @sc scatter on @line3 root(0) group [0, 2] size(2 MB) time(42 us) {
// CHECK-NEXT: coll.transfer copy 1 over 0 -> 1 at [0, 21000000]
// CHECK-NEXT: coll.transfer copy 1 over 1 -> 2 at [21000000, 42000000]
// CHECK-NEXT: }
coll.scatter @sc on @line3 root(0) group [0, 2] size(2 MB)

// PACKED: coll.algorithm @ag all_gather on @pair size(2 MB) time(21 us) packed(dense_resource<ag_transfers> : tensor<62xi8>)
// NONE: coll.algorithm @ag all_gather on @pair size(2 MB) time(21 us) unmaterialized(2)
// NONE: coll.algorithm @ag4 all_gather on @ring4 size(4 MB) time(42 us) unmaterialized(12)
