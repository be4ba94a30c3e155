// The last transfer is missing: chunk 1 never reaches npu 3.
// REQUIRES: z3
// RUN: %check-bad-input %s tacos-opt {} --coll-verify
// RUN: %check-bad-input %s tacos-opt {} --coll-verify-smt
// EXPECT: 7:1: delivery: chunk 1 never reaches npu 3 by 42000000 ps
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.algorithm @ag all_gather on @n size(4 MB) time(42 us) {
  coll.transfer copy 1 over 1 -> 0 at [0, 21000000]
  coll.transfer copy 3 over 3 -> 0 at [0, 21000000]
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
  coll.transfer copy 2 over 2 -> 1 at [0, 21000000]
  coll.transfer copy 1 over 1 -> 2 at [0, 21000000]
  coll.transfer copy 3 over 3 -> 2 at [0, 21000000]
  coll.transfer copy 0 over 0 -> 3 at [0, 21000000]
  coll.transfer copy 2 over 2 -> 3 at [0, 21000000]
  coll.transfer copy 2 over 1 -> 0 at [21000000, 42000000]
  coll.transfer copy 3 over 0 -> 1 at [21000000, 42000000]
  coll.transfer copy 0 over 1 -> 2 at [21000000, 42000000]
}
