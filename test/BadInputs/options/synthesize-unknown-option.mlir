// An option coll-synthesize does not have.
// RUN: %check-bad-input %s tacos-opt {} --coll-synthesize=bogus=1
// EXPECT: option bogus: no such option bogus
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_gather @ag on @n size(4 MB)
coll.all_reduce @ar on @n size(4 MB)
