// trials=0 would keep no schedule.
// RUN: %check-bad-input %s tacos-opt {} --coll-synthesize=trials=0
// EXPECT: option trials: coll-synthesize: trials must be at least 1, got 0
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_gather @ag on @n size(4 MB)
coll.all_reduce @ar on @n size(4 MB)
