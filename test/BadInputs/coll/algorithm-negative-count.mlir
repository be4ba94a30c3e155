// A negative transfer count.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:1: has a negative transfer count
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.algorithm @ag all_gather on @n size(4 MB) time(1 us) unmaterialized(-3)
