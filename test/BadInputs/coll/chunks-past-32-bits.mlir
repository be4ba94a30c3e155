// chunks(k) past the 32-bit chunk ids.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:1: chunks(4294967296) exceeds the limit of 4294967295
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_gather @ag on @n size(1 GiB) chunks(4294967296)
