// A negative size.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:32: size -1 MiB is negative
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_gather @ag on @n size(-1 MiB)
