// Semantics both verifiers share beyond the six properties' headlines
// (docs/Verification.md): only chunks with several contributions are
// reduced, and a copy may not land at an NPU at the same time as another
// write of its chunk. Both verifiers give the same verdict, property and line,
// whatever the order the transfers are written in.
// RUN: not tacos-opt %s -split-input-file --coll-verify=max-violations=0 --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: not tacos-opt %s -split-input-file --coll-verify-smt --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// REQUIRES: z3

topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
// Reducing a chunk into an NPU that already holds it doubles it.
coll.algorithm @doubled all_gather on @pair size(2 MB) time(42 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
  coll.transfer copy 1 over 1 -> 0 at [0, 21000000]
  coll.transfer reduce 0 over 1 -> 0 at [21000000, 42000000]
}
// CHECK: :[[@LINE-2]]:3: error: {{coll-verify(-smt)?}}: reduction: chunk 0 {{(reduced )?}}over 1 -> 0 at [21000000, 42000000]{{.*}} single contribution
// CHECK-NOT: error

// -----

topo.network @line3 { topo.dims [line(3) link(50 GBps, 1 us)] }
// The same in a Broadcast: npu 1 holds chunk 0 when the reduce lands.
coll.algorithm @doubled_bc broadcast on @line3 root(0) size(1 MB) time(63 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
  coll.transfer copy 0 over 1 -> 2 at [21000000, 42000000]
  coll.transfer reduce 0 over 2 -> 1 at [42000000, 63000000]
}
// CHECK: :[[@LINE-2]]:3: error: {{coll-verify(-smt)?}}: reduction: {{.*}}single contribution
// CHECK-NOT: error

// -----

topo.network @line3 { topo.dims [line(3) link(50 GBps, 1 us)] }
// A reduce of a single-contribution chunk is rejected even into an empty
// NPU: a Broadcast moves its chunks by copies.
coll.algorithm @into_empty broadcast on @line3 root(0) size(1 MB) time(42 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
  coll.transfer reduce 0 over 1 -> 2 at [21000000, 42000000]
}
// CHECK: :[[@LINE-2]]:3: error: {{coll-verify(-smt)?}}: reduction: {{.*}}single contribution
// CHECK-NOT: error

// -----

topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
// A transfer without duration is a link violation and carries nothing: its
// chunk never reaches npu 1, which follows from it and is not reported again
// (withoutConsequences, docs/Verification.md).
coll.algorithm @instant all_gather on @pair size(2 MB) time(21 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 0]
  coll.transfer copy 1 over 1 -> 0 at [0, 21000000]
}
// CHECK: :[[@LINE-3]]:3: error: {{coll-verify(-smt)?}}: link: chunk 0 over 0 -> 1 at [0, 0]
// CHECK-NOT: error

// -----

topo.network @line3 { topo.dims [line(3) link(50 GBps, 1 us)] }
// Relay npu 1 receives a copy (rank 1's part) and a reduce (rank 0's) of
// the same chunk at the same picosecond. Landing the copy last would give a
// correct Reduce, landing it first a double count: both orders are races.
coll.algorithm @race_copy_first reduce on @line3 root(0) group [0, 2] size(1 MB) time(42 us) {
  coll.transfer copy 0 over 2 -> 1 at [0, 21000000]
  coll.transfer reduce 0 over 0 -> 1 at [0, 21000000]
  coll.transfer reduce 0 over 1 -> 0 at [21000000, 42000000]
}
// CHECK-DAG: :[[@LINE-4]]:3: error: {{coll-verify(-smt)?}}: reduction: chunk 0 over 2 -> 1 at [0, 21000000] lands at npu 1 at the same time as another write of chunk 0, and one of them is a copy
// CHECK-DAG: :[[@LINE-4]]:3: error: {{coll-verify(-smt)?}}: reduction: chunk 0 {{(reduced )?}}over 0 -> 1 at [0, 21000000] lands at npu 1 at the same time

// -----

topo.network @line3 { topo.dims [line(3) link(50 GBps, 1 us)] }
coll.algorithm @race_reduce_first reduce on @line3 root(0) group [0, 2] size(1 MB) time(42 us) {
  coll.transfer reduce 0 over 0 -> 1 at [0, 21000000]
  coll.transfer copy 0 over 2 -> 1 at [0, 21000000]
  coll.transfer reduce 0 over 1 -> 0 at [21000000, 42000000]
}
// CHECK-DAG: :[[@LINE-4]]:3: error: {{coll-verify(-smt)?}}: reduction: chunk 0 {{(reduced )?}}over 0 -> 1 at [0, 21000000] lands at npu 1 at the same time
// CHECK-DAG: :[[@LINE-4]]:3: error: {{coll-verify(-smt)?}}: reduction: chunk 0 over 2 -> 1 at [0, 21000000] lands at npu 1 at the same time
// CHECK: -----
// CHECK-NOT: error

// -----

topo.network @line3 { topo.dims [line(3) link(50 GBps, 1 us)] }
// Reduces alone commute: two landing at npu 1 together are fine.
coll.algorithm @reduces_together reduce_scatter on @line3 size(3 MB) time(63 us) {
  coll.transfer reduce 1 over 0 -> 1 at [0, 21000000]
  coll.transfer reduce 1 over 2 -> 1 at [0, 21000000]
  coll.transfer reduce 2 over 0 -> 1 at [21000000, 42000000]
  coll.transfer reduce 0 over 2 -> 1 at [21000000, 42000000]
  coll.transfer reduce 2 over 1 -> 2 at [42000000, 63000000]
  coll.transfer reduce 0 over 1 -> 0 at [42000000, 63000000]
}
// CHECK-NOT: error
