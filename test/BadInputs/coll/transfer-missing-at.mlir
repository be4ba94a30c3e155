// A transfer without `at`.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 6:36: expected 'at'
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.algorithm @ag all_gather on @n size(4 MB) time(21 us) {
  coll.transfer copy 0 over 0 -> 1 [0, 21000000]
}
