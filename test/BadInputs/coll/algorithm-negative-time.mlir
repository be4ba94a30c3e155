// A negative reported time.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:53: time -1 us is negative
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.algorithm @ag all_gather on @n size(4 MB) time(-1 us) {
}
