// Both verifiers accept correct algorithms and reject each mutant, naming the
// same property (and the same transfer line, for per-transfer properties).
// RUN: not tacos-opt %s -split-input-file --coll-verify 2>&1 | FileCheck %s
// RUN: not tacos-opt %s -split-input-file --coll-verify-smt 2>&1 | FileCheck %s
// REQUIRES: z3

topo.network @line3 { topo.dims [line(3) link(50 GBps, 1 us)] }
topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }

// Correct: no diagnostic before the first split marker's successors.
coll.algorithm @ok broadcast on @line3 root(0) size(2 MB) chunks(2) time(63 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
  coll.transfer copy 1 over 0 -> 1 at [21000000, 42000000]
  coll.transfer copy 0 over 1 -> 2 at [21000000, 42000000]
  coll.transfer copy 1 over 1 -> 2 at [42000000, 63000000]
}
// A correct All-Reduce: reduce-scatter, then all-gather.
coll.algorithm @ar all_reduce on @pair size(2 MB) time(42 us) {
  coll.transfer reduce 1 over 0 -> 1 at [0, 21000000]
  coll.transfer reduce 0 over 1 -> 0 at [0, 21000000]
  coll.transfer copy 1 over 1 -> 0 at [21000000, 42000000]
  coll.transfer copy 0 over 0 -> 1 at [21000000, 42000000]
}
// CHECK-NOT: error

// -----

topo.network @line3 { topo.dims [line(3) link(50 GBps, 1 us)] }
// Dropped transfer: chunk 0 never reaches npu 2.
coll.algorithm @drop broadcast on @line3 root(0) size(2 MB) chunks(2) time(63 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
  coll.transfer copy 1 over 0 -> 1 at [21000000, 42000000]
  coll.transfer copy 1 over 1 -> 2 at [42000000, 63000000]
}
// CHECK: :[[@LINE-5]]:{{.*}}: error: {{coll-verify(-smt)?}}: delivery: chunk 0 never reaches npu 2 by 63000000 ps

// -----

topo.network @line3 { topo.dims [line(3) link(50 GBps, 1 us)] }
// A chunk sent on before it arrives.
coll.algorithm @early broadcast on @line3 root(0) size(2 MB) chunks(2) time(63 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
  coll.transfer copy 1 over 0 -> 1 at [21000000, 42000000]
  coll.transfer copy 1 over 1 -> 2 at [21000000, 42000000]
  coll.transfer copy 0 over 1 -> 2 at [42000000, 63000000]
}
// CHECK: :[[@LINE-3]]:{{.*}}: error: {{coll-verify(-smt)?}}: causality: chunk 1 leaves npu 1 at 21000000 ps before it is there

// -----

topo.network @line3 { topo.dims [line(3) link(50 GBps, 1 us)] }
// Two transfers on one link at once.
coll.algorithm @overlap broadcast on @line3 root(0) size(2 MB) chunks(2) time(63 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
  coll.transfer copy 1 over 0 -> 1 at [10000000, 31000000]
  coll.transfer copy 0 over 1 -> 2 at [21000000, 42000000]
  coll.transfer copy 1 over 1 -> 2 at [42000000, 63000000]
}
// CHECK: :[[@LINE-4]]:{{.*}}: error: {{coll-verify(-smt)?}}: overlap:

// -----

topo.network @line3 { topo.dims [line(3) link(50 GBps, 1 us)] }
// A shortened duration.
coll.algorithm @short broadcast on @line3 root(0) size(2 MB) chunks(2) time(63 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 20999999]
  coll.transfer copy 1 over 0 -> 1 at [21000000, 42000000]
  coll.transfer copy 0 over 1 -> 2 at [21000000, 42000000]
  coll.transfer copy 1 over 1 -> 2 at [42000000, 63000000]
}
// CHECK: :[[@LINE-5]]:{{.*}}: error: {{coll-verify(-smt)?}}: link:

// -----

topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
// A contribution reduced twice.
coll.algorithm @twice reduce_scatter on @pair size(2 MB) time(42 us) {
  coll.transfer reduce 1 over 0 -> 1 at [0, 21000000]
  coll.transfer reduce 0 over 1 -> 0 at [0, 21000000]
  coll.transfer reduce 1 over 0 -> 1 at [21000000, 42000000]
}
// CHECK: :[[@LINE-2]]:{{.*}}: error: {{coll-verify(-smt)?}}: reduction:

// -----

topo.network @line3 { topo.dims [line(3) link(50 GBps, 1 us)] }
// Reduced twice into a partial sum that was already forwarded: the root's
// result is right and the doubled sum at npu 1 is never read, so a rule on
// final values would pass it; property 5 counts every reduce that lands
// (docs/Verification.md).
coll.algorithm @after_forward reduce on @line3 root(2) size(1 MB) time(42 us) {
  coll.transfer reduce 0 over 0 -> 1 at [0, 21000000]
  coll.transfer reduce 0 over 1 -> 2 at [21000000, 42000000]
  coll.transfer reduce 0 over 0 -> 1 at [21000000, 42000000]
}
// CHECK: :[[@LINE-2]]:{{.*}}: error: {{coll-verify(-smt)?}}: reduction:

// -----

topo.network @line3 { topo.dims [line(3) link(50 GBps, 1 us)] }
// The last transfer dropped, the time kept.
coll.algorithm @late broadcast on @line3 root(0) size(2 MB) chunks(2) time(63 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
  coll.transfer copy 1 over 0 -> 1 at [21000000, 42000000]
  coll.transfer copy 0 over 1 -> 2 at [21000000, 42000000]
}
// CHECK: :[[@LINE-5]]:{{.*}}: error: {{coll-verify(-smt)?}}: {{delivery|time}}:
