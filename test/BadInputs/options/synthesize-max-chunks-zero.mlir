// A frontier over no chunk count would have no point.
// RUN: %check-bad-input %s tacos-opt {} "--coll-synthesize=algorithm=exact frontier=true max-chunks=0"
// EXPECT: option max-chunks: coll-synthesize: max-chunks must be between 1 and 64, got 0
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_gather @ag on @n size(4 MB)
