// Hand-written schedules are re-timed from per-link order and dependencies.
// RUN: tacos-opt %s --coll-simulate | FileCheck %s
// RUN: tacos-opt %s --coll-simulate=latency=pipelined | FileCheck %s --check-prefix=PIPE

topo.network @line3 { topo.dims [line(3) link(50 GBps, 1 us)] }
// Start times that are too late are moved as early as order and data allow.
// CHECK-LABEL: coll.algorithm @late broadcast on @line3 root(0) size(2 MB) chunks(2) time(63 us) {
// CHECK-NEXT: coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
// CHECK-NEXT: coll.transfer copy 1 over 0 -> 1 at [21000000, 42000000]
// CHECK-NEXT: coll.transfer copy 0 over 1 -> 2 at [21000000, 42000000]
// CHECK-NEXT: coll.transfer copy 1 over 1 -> 2 at [42000000, 63000000]
// With pipelined links the second chunk follows 20 us behind the first.
// PIPE-LABEL: coll.algorithm @late broadcast on @line3 root(0) size(2 MB) chunks(2) time(62 us) latency(pipelined) {
// PIPE-NEXT: coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
// PIPE-NEXT: coll.transfer copy 1 over 0 -> 1 at [20000000, 41000000]
// PIPE-NEXT: coll.transfer copy 0 over 1 -> 2 at [21000000, 42000000]
// PIPE-NEXT: coll.transfer copy 1 over 1 -> 2 at [41000000, 62000000]
coll.algorithm @late broadcast on @line3 root(0) size(2 MB) chunks(2) time(100 us) {
  coll.transfer copy 0 over 0 -> 1 at [5000000, 26000000]
  coll.transfer copy 1 over 0 -> 1 at [30000000, 51000000]
  coll.transfer copy 0 over 1 -> 2 at [30000000, 51000000]
  coll.transfer copy 1 over 1 -> 2 at [60000000, 81000000]
}
