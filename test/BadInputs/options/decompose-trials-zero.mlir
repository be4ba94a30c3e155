// trials=0 in coll-decompose.
// RUN: %check-bad-input %s tacos-opt {} --coll-decompose=trials=0
// EXPECT: option trials: coll-decompose: trials must be at least 1, got 0
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_gather @ag on @n size(4 MB)
coll.all_reduce @ar on @n size(4 MB)
