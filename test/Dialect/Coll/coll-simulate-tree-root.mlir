// A tree's All-Reduce (dbt's): every chunk is reduced into the middle NPU,
// which owns only chunk 1, and a copy leaves it once the reduction there is
// complete, not only at the chunk's owner. The links into NPU 1 carry the
// reductions and the links out of it the copies, chunk after chunk: the
// last copy ends at 4 hops of 21 us. The times given are all 0.
// RUN: tacos-opt %s --coll-simulate --coll-verify | FileCheck %s

topo.network @line3 { topo.dims [line(3) link(50 GBps, 1 us)] }
// CHECK-LABEL: coll.algorithm @tree all_reduce on @line3 size(3 MB) time(84 us) attributes {coll.verified} {
coll.algorithm @tree all_reduce on @line3 size(3 MB) time(0 us) {
  coll.transfer reduce 0 over 0 -> 1 at [0, 0]
  coll.transfer reduce 0 over 2 -> 1 at [0, 0]
  coll.transfer reduce 1 over 0 -> 1 at [0, 0]
  coll.transfer reduce 1 over 2 -> 1 at [0, 0]
  coll.transfer reduce 2 over 0 -> 1 at [0, 0]
  coll.transfer reduce 2 over 2 -> 1 at [0, 0]
  coll.transfer copy 0 over 1 -> 0 at [0, 0]
  coll.transfer copy 0 over 1 -> 2 at [0, 0]
  coll.transfer copy 1 over 1 -> 0 at [0, 0]
  coll.transfer copy 1 over 1 -> 2 at [0, 0]
  coll.transfer copy 2 over 1 -> 0 at [0, 0]
  coll.transfer copy 2 over 1 -> 2 at [0, 0]
}
// CHECK: coll.transfer reduce 0 over 0 -> 1 at [0, 21000000]
// CHECK: coll.transfer reduce 2 over 2 -> 1 at [42000000, 63000000]
// CHECK: coll.transfer copy 0 over 1 -> 0 at [21000000, 42000000]
// CHECK: coll.transfer copy 2 over 1 -> 2 at [63000000, 84000000]
