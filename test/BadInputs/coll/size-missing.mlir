// A request without a size.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 6:1: expected 'size'
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_gather @ag on @n
