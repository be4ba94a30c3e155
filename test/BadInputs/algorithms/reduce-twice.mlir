// A Reduce-Scatter on a pair that reduces one contribution twice.
// REQUIRES: z3
// RUN: %check-bad-input %s tacos-opt {} --coll-verify
// RUN: %check-bad-input %s tacos-opt {} --coll-verify-smt
// EXPECT: 10:3: reduction: chunk 1
topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
coll.algorithm @rs reduce_scatter on @pair size(2 MB) time(42 us) {
  coll.transfer reduce 1 over 0 -> 1 at [0, 21000000]
  coll.transfer reduce 0 over 1 -> 0 at [0, 21000000]
  coll.transfer reduce 1 over 0 -> 1 at [21000000, 42000000]
}
