// Two requests with one symbol.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 6:1: redefinition of symbol named 'ag'
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_gather @ag on @n size(1 MiB)
coll.all_reduce @ag on @n size(1 MiB)
