// A chunk sent over a link that does not exist, then forwarded: the
// forward fails causality only because of the first transfer; one error.
// REQUIRES: z3
// RUN: %check-bad-input %s tacos-opt {} --coll-verify
// RUN: %check-bad-input %s tacos-opt {} --coll-verify-smt
// EXPECT: 9:3: link: chunk 0 over 0 -> 2 at [0, 21000000]
topo.network @line3 { topo.dims [line(3) link(50 GBps, 1 us)] }
coll.algorithm @bc broadcast on @line3 root(0) size(1 MB) time(42 us) {
  coll.transfer copy 0 over 0 -> 2 at [0, 21000000]
  coll.transfer copy 0 over 2 -> 1 at [21000000, 42000000]
}
